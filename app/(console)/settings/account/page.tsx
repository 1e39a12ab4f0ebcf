import type { Metadata } from "next";
import { PageHeader } from "@/components/ui";
import { getMe } from "@/lib/console/me";
import { PasswordForm } from "@/components/account/password-form";

export const metadata: Metadata = { title: "Account" };

/** The signed-in person's own account: who they are, and their password. */
export default async function AccountPage() {
  const me = await getMe();
  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${me.user.name || me.user.email} (${me.user.email}).`} />
      <PasswordForm />
    </>
  );
}
