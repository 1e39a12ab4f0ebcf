"use client";

import { useState } from "react";
import { SecretReveal } from "@/components/console/secret-reveal";
import { Button, ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui";
import type { Member } from "@/lib/contracts/members";
import { resetPasswordAction } from "../actions";

/**
 * An admin's "Reset password": confirm, then the temporary password, shown once. The member is signed out and
 * chooses their own password at their next sign-in.
 */
export function MemberPasswordResetDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const [revealed, setRevealed] = useState<{ name: string; password: string } | null>(null);
  return (
    <>
      <ConfirmDialog
        open={member !== null}
        onOpenChange={(open) => !open && onClose()}
        title={`Reset ${member?.name ?? ""}'s password?`}
        description="They are signed out everywhere and get a temporary password, shown to you once. At their next sign-in they must choose their own before anything else."
        confirmLabel="Reset password"
        tone="destructive"
        onConfirm={async () => {
          if (!member) return;
          const result = await resetPasswordAction(member.id);
          if (!result.ok) throw new Error(result.error.message);
          setRevealed({ name: member.name, password: result.data.temporaryPassword });
          onClose();
        }}
      />
      <Dialog open={revealed !== null} onOpenChange={(open) => !open && setRevealed(null)}>
        <DialogContent size="sm">
          <DialogHeader>
            <DialogTitle>Temporary password for {revealed?.name}</DialogTitle>
            <DialogDescription>Give it to them through a safe channel. It is shown only now; they replace it when they sign in.</DialogDescription>
          </DialogHeader>
          {revealed ? <SecretReveal label="Temporary password" value={revealed.password} copyLabel="Copy temporary password" /> : null}
          <DialogFooter>
            <Button onClick={() => setRevealed(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
