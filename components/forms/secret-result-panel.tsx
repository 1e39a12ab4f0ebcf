"use client";

import type { ReactNode } from "react";
import { SecretReveal, type SecretRevealProps } from "@/components/console/secret-reveal";
import { Button, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui";

/**
 * What a create dialog shows once the server returned a secret (an API key, a signing secret, an invitation
 * link): it is shown here only, and gone with the dialog when "Done" closes it.
 */
export function SecretResultPanel({ title, description, onDone, ...secret }: { title: ReactNode; description: ReactNode; onDone: () => void } & SecretRevealProps) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <SecretReveal {...secret} />
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
