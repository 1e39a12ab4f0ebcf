"use client";

import { useTransition } from "react";
import { Button, useToast } from "@/components/ui";
import type { MyInvitation } from "@/lib/contracts/invitations";
import { formatDate } from "@/lib/utils/format-date";
import { acceptInvitationAction, declineInvitationAction } from "../actions";

export function InvitationList({ invitations }: { invitations: MyInvitation[] }) {
  const [pending, startTransition] = useTransition();
  const { toast } = useToast();

  function decide(invitation: MyInvitation, accept: boolean) {
    startTransition(async () => {
      const result = accept ? await acceptInvitationAction(invitation.id) : await declineInvitationAction(invitation.id);
      if (!result.ok) toast({ title: "Invitation not answered", description: result.error.message, tone: "error" });
      else if (accept) toast({ title: `You joined ${invitation.team.name}`, description: "Switch to it with the team switcher.", tone: "success" });
      else toast({ title: "Invitation declined", tone: "success" });
    });
  }

  return (
    <ul aria-label="Pending invitations" className="flex flex-col gap-3">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-4">
          <div>
            <p className="font-medium">
              {invitation.team.name} <span className="font-normal text-muted">as {invitation.role}</span>
            </p>
            <p className="text-xs text-muted">
              {invitation.invitedBy ? `Invited by ${invitation.invitedBy}` : "Invited"} on {formatDate(invitation.invitedAt)} · expires {formatDate(invitation.expiresAt)}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={pending} onClick={() => decide(invitation, false)} aria-label={`Decline the invitation to ${invitation.team.name}`}>
              Decline
            </Button>
            <Button size="sm" disabled={pending} onClick={() => decide(invitation, true)} aria-label={`Accept the invitation to ${invitation.team.name}`}>
              Accept
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
