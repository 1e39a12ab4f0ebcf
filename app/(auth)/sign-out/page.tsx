import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui";
import { currentUser } from "@/lib/auth/console-session";
import { signOutAction } from "@/lib/auth/sign-out";

export const metadata: Metadata = { title: "Sign out" };

/** A page to sign out from (links, bookmarks, a shared computer), alongside the button in the console shell. */
export default async function SignOutPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">Sign out</h1>
      <p className="mb-5 text-muted">You are signed in as {user.email}.</p>
      <form action={signOutAction} className="flex flex-col gap-2">
        <Button type="submit">Sign out</Button>
        <Link href="/" className="text-center text-muted hover:text-ink">
          Stay signed in
        </Link>
      </form>
    </>
  );
}
