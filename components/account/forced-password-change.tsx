"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { CHOOSE_AFTER_RESET, PasswordForm } from "./password-form";

/**
 * What the console shows, whatever the address, to someone whose password an admin set: they choose their own
 * before anything else (the API refuses their other requests meanwhile). Saving it lets the console in.
 */
export function ForcedPasswordChange({ email }: { email: string }) {
  const router = useRouter();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
      <div>
        <h1 className="text-lg font-semibold">Choose your own password</h1>
        <p className="mt-1 text-muted">
          An admin set a temporary password for {email}. Choose your own to continue; the temporary one stops working.
        </p>
      </div>
      <PasswordForm wording={CHOOSE_AFTER_RESET} onChanged={() => router.refresh()} />
      <Link href="/sign-out" className="text-sm text-muted hover:text-ink">
        Sign out instead
      </Link>
    </main>
  );
}
