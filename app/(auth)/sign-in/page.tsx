import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { fetchSetupRequired } from "@/lib/console/api/setup";
import { currentUser } from "@/lib/auth/console-session";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ from?: string; welcome?: string }> }) {
  if (await currentUser()) redirect("/");
  if (await fetchSetupRequired()) redirect("/setup");
  const { from, welcome } = await searchParams;
  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">Sign in</h1>
      <p className="mb-5 text-muted">Use the e-mail and password your admin gave you.</p>
      <SignInForm redirectTo={from} notice={welcome ? "Your team is ready. Sign in with the account you just created." : undefined} />
    </>
  );
}
