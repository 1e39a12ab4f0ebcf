"use client";

import { useState, useTransition } from "react";
import { Button, Select, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow, useToast } from "@/components/ui";
import type { Member } from "@/lib/contracts/members";
import type { Role } from "@/lib/contracts/enums";
import { formatDate } from "@/lib/utils/format-date";
import { ConfirmActionDialog } from "@/components/console/confirm-action-dialog";
import { changeRoleAction, removeMemberAction } from "../actions";
import { MemberPasswordResetDialog } from "./member-password-reset-dialog";
import { ROLE_OPTIONS } from "./roles";

export function MembersTable({ members, currentUserId }: { members: Member[]; currentUserId: string }) {
  const [removing, setRemoving] = useState<Member | null>(null);
  const [resetting, setResetting] = useState<Member | null>(null);
  const [pending, startTransition] = useTransition();
  const { toast } = useToast();

  function changeRole(member: Member, role: Role) {
    startTransition(async () => {
      const result = await changeRoleAction(member.id, role);
      if (result.ok) toast({ title: "Role changed", description: `${member.name} is now ${role}.`, tone: "success" });
      else toast({ title: "Role not changed", description: result.error.message, tone: "error" });
    });
  }

  return (
    <>
      <Table>
        <TableCaption srOnly>Team members</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className="hidden md:table-cell">E-mail</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="hidden lg:table-cell">Joined</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.id}>
              <TableCell className="font-medium">
                {member.name}
                {member.id === currentUserId ? <span className="ml-1 text-muted">(you)</span> : null}
                {/* Under 768 px the e-mail folds under the name. */}
                <span className="block text-xs font-normal break-all text-muted md:hidden">{member.email}</span>
              </TableCell>
              <TableCell className="hidden md:table-cell">{member.email}</TableCell>
              <TableCell>
                <Select
                  aria-label={`Role of ${member.name}`}
                  value={member.role}
                  disabled={pending}
                  onChange={(event) => changeRole(member, event.target.value as Role)}
                  wrapperClassName="w-28 sm:w-36"
                >
                  {ROLE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              </TableCell>
              <TableCell className="hidden lg:table-cell">{formatDate(member.joinedAt)}</TableCell>
              <TableCell className="text-right">
                {member.id === currentUserId ? null : (
                  <Button variant="ghost" size="sm" onClick={() => setResetting(member)} aria-label={`Reset the password of ${member.name}`}>
                    Reset password
                  </Button>
                )}
                <Button variant="ghost" size="sm" onClick={() => setRemoving(member)} aria-label={`Remove ${member.name}`}>
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <MemberPasswordResetDialog member={resetting} onClose={() => setResetting(null)} />
      <ConfirmActionDialog
        target={removing}
        onClose={() => setRemoving(null)}
        title={(member) => `Remove ${member.name} from the team?`}
        description={() => "Documents assigned to them go back to their review stage unassigned, and their API keys for this team are revoked."}
        confirmLabel="Remove member"
        action={(member) => removeMemberAction(member.id)}
        success={(member, removed) => ({ title: `${member.name} was removed`, description: `${removed.unassignedDocuments} documents unassigned, ${removed.revokedKeys} keys revoked.` })}
      />
    </>
  );
}
