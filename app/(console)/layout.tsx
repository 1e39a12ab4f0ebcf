import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ForcedPasswordChange } from "@/components/account/forced-password-change";
import { ConsoleShell } from "@/components/console/console-shell";
import { fetchSetupRequired } from "@/lib/console/api/setup";
import { currentTeamId, currentUser } from "@/lib/auth/console-session";
import { getMe } from "@/lib/console/me";

/** The signed-in shell. Sends people without a session to sign-in (or, on a fresh install, to setup). */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) redirect((await fetchSetupRequired()) ? "/setup" : "/sign-in");
  if (!(await currentTeamId(user.id))) {
    return (
      <main className="mx-auto max-w-md p-12 text-center">
        <h1 className="text-lg font-semibold">No team</h1>
        <p className="mt-2 text-muted">Your account is not a member of any team. Ask an admin to add you.</p>
      </main>
    );
  }
  const me = await getMe();
  // An admin set this password: nothing of the console until the person has chosen their own.
  if (me.user.mustChangePassword) return <ForcedPasswordChange email={me.user.email} />;
  return <ConsoleShell me={me}>{children}</ConsoleShell>;
}
