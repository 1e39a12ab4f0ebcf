import type { Metadata } from "next";
import { EmptyState, PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { myInvitationOperations } from "@/lib/contracts/invitations";
import { InvitationList } from "./_components/invitation-list";

export const metadata: Metadata = { title: "Invitations" };

/** Invitations to other teams waiting for the signed-in person: they join a team only by accepting here. */
export default async function InvitationsPage() {
  const { data: invitations } = await (await consoleApi()).call(myInvitationOperations.list, {});
  return (
    <>
      <PageHeader title="Invitations" description="Teams that invited you. You join a team only when you accept." />
      <div className="mt-6">
        {invitations.length === 0 ? (
          <EmptyState title="No invitations" description="When an admin of another team invites you, the invitation appears here." />
        ) : (
          <InvitationList invitations={invitations} />
        )}
      </div>
    </>
  );
}
