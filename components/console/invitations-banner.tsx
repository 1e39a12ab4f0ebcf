import Link from "next/link";
import { consoleApi } from "@/lib/console/api/console";
import { myInvitationOperations } from "@/lib/contracts/invitations";

/**
 * A line at the top of every console page while teams are waiting for the person's answer. Rendered inside Suspense,
 * so the shell never waits for it; a failed call shows nothing rather than breaking the page.
 */
export async function InvitationsBanner() {
  const api = await consoleApi();
  const invitations = (await api.call(myInvitationOperations.list, {}).catch(() => null))?.data ?? [];
  if (invitations.length === 0) return null;
  const teams = invitations.map((invitation) => invitation.team.name).join(", ");
  return (
    <aside aria-label="Invitations waiting for you" className="border-b border-line bg-accent-soft px-8 py-2 text-sm">
      {invitations.length === 1 ? `${teams} invited you to join.` : `${invitations.length} teams invited you to join: ${teams}.`}{" "}
      <Link href="/invitations" className="font-medium underline">
        Review invitations
      </Link>
    </aside>
  );
}
