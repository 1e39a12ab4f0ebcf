"use client";

import { useState, useTransition, type FormEvent } from "react";
import { Button, FormField, Input, useToast } from "@/components/ui";
import { confirmEmailProofAction, requestEmailProofAction } from "../actions";

/**
 * Shown while the person's address is unproven: invitations by address stay hidden until a code sent to it comes
 * back. Without outbound mail the server says so, and the person asks the inviting admin for the link instead.
 */
export function EmailProof({ email }: { email: string }) {
  const [pending, startTransition] = useTransition();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { toast } = useToast();

  function send() {
    setError(null);
    startTransition(async () => {
      const result = await requestEmailProofAction();
      if (!result.ok) setError(result.error.message);
      else {
        setSent(true);
        toast({ title: "Code sent", description: `Check the mail of ${result.data.sentTo}.`, tone: "success" });
      }
    });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    setError(null);
    startTransition(async () => {
      const result = await confirmEmailProofAction(code);
      if (!result.ok) setError(result.error.issues?.[0]?.message ?? result.error.message);
      else toast({ title: "Address confirmed", description: "Invitations to it now show here.", tone: "success" });
    });
  }

  return (
    <section aria-labelledby="email-proof-title" className="mb-6 rounded-lg border border-line bg-surface p-4">
      <h2 id="email-proof-title" className="font-medium">
        Confirm your address
      </h2>
      <p className="mb-3 text-sm text-muted">
        Invitations sent to <strong>{email}</strong> show here once you confirm that you receive its mail. We send a code; type it below.
      </p>
      {sent ? (
        <form onSubmit={confirm} noValidate className="flex flex-wrap items-end gap-2">
          <FormField label="Code from the e-mail" htmlFor="email-proof-code" error={error ?? undefined}>
            <Input id="email-proof-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
          </FormField>
          <Button type="submit" loading={pending}>
            Confirm
          </Button>
          <Button type="button" variant="secondary" disabled={pending} onClick={send}>
            Send another code
          </Button>
        </form>
      ) : (
        <>
          <Button onClick={send} loading={pending}>
            Send a code to {email}
          </Button>
          {error ? (
            <p role="status" className="mt-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
