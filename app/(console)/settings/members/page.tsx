import type { Metadata } from "next";
import { NotAllowed } from "@/components/console/not-allowed";
import { PageHeader } from "@/components/ui";
import { consoleApi } from "@/lib/console/api/console";
import { memberOperations } from "@/lib/contracts/members";
import { getMe, hasPermission } from "@/lib/console/me";
import { MemberAddDialog } from "./_components/member-add-dialog";
import { InvitationsTable } from "./_components/invitations-table";
import { MembersTable } from "./_components/members-table";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const me = await getMe();
  if (!hasPermission(me, "members.manage")) return <NotAllowed what="manage members" role={me.role} teamName={me.team.name} />;
  const api = await consoleApi();
  const [{ data: members }, { data: invitations }] = await Promise.all([api.call(memberOperations.list, {}), api.call(memberOperations.listInvitations, {})]);
  return (
    <>
      <PageHeader
        title="Members"
        description={`People in ${me.team.name}. Admins manage everything; members work with parsers, documents and exports; reviewers review the documents assigned to them.`}
        actions={<MemberAddDialog />}
      />
      <MembersTable members={members} currentUserId={me.user.id} />
      {invitations.length > 0 ? (
        <section aria-labelledby="pending-invitations" className="mt-8">
          <h2 id="pending-invitations" className="mb-2 text-base font-semibold">
            Pending invitations
          </h2>
          <InvitationsTable invitations={invitations} />
        </section>
      ) : null}
    </>
  );
}
