import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { myInvitationOperations } from "@/lib/contracts/invitations";
import { sessionOperations } from "@/lib/contracts/session";
import { EmailProof } from "./_components/email-proof";
import { InvitationList } from "./_components/invitation-list";

export const metadata: Metadata = { title: "Invitations" };

/**
 * Invitations to other teams waiting for the signed-in person: they join a team only by accepting here, and see
 * them only once their address is confirmed (a code sent to it came back).
 */
export default async function InvitationsPage() {
  const api = await consoleApi();
  const [{ data: invitations }, me] = await Promise.all([api.call(myInvitationOperations.list, {}), api.call(sessionOperations.me, {})]);
  return (
    <>
      <PageHeader title="Invitations" description="Teams that invited you. You join a team only when you accept." />
      <div className="mt-6">
        {me.user.emailProven ? null : <EmailProof email={me.user.email} />}
        {invitations.length === 0 ? (
          <EmptyState title="No invitations" description="When an admin of another team invites you, the invitation appears here." />
        ) : (
          <InvitationList invitations={invitations} />
        )}
      </div>
    </>
  );
}
