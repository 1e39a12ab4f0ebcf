"use client";

import { useTransition } from "react";
import { Button, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow, useToast } from "@/components/ui";
import type { Invitation } from "@/lib/contracts/members";
import { formatDate } from "@/lib/utils/format-date";
import { cancelInvitationAction } from "../actions";

/** Invitations nobody has answered yet; cancelling one makes its link useless at once. */
export function InvitationsTable({ invitations }: { invitations: Invitation[] }) {
  const [pending, startTransition] = useTransition();
  const { toast } = useToast();

  function cancel(invitation: Invitation) {
    startTransition(async () => {
      const result = await cancelInvitationAction(invitation.id);
      if (result.ok) toast({ title: "Invitation cancelled", description: `${invitation.email} can no longer join with it.`, tone: "success" });
      else toast({ title: "Invitation not cancelled", description: result.error.message, tone: "error" });
    });
  }

  return (
    <Table>
      <TableCaption srOnly>Pending invitations</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>E-mail</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Invited</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.map((invitation) => (
          <TableRow key={invitation.id}>
            <TableCell className="font-medium">{invitation.email}</TableCell>
            <TableCell className="capitalize">{invitation.role}</TableCell>
            <TableCell>{formatDate(invitation.invitedAt)}</TableCell>
            <TableCell>{formatDate(invitation.expiresAt)}</TableCell>
            <TableCell className="text-right">
              <Button variant="ghost" size="sm" disabled={pending} onClick={() => cancel(invitation)} aria-label={`Cancel the invitation of ${invitation.email}`}>
                Cancel
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
