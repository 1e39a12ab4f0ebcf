"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, useToast } from "@/components/ui";
import { testWebhookAction } from "../../actions";

export function SendTestButton({ parserId, webhookId }: { parserId: string; webhookId: string }) {
  const [sending, setSending] = useState(false);
  const { toast } = useToast();
  const router = useRouter();
  async function send() {
    setSending(true);
    const result = await testWebhookAction(parserId, webhookId);
    setSending(false);
    if (!result.ok) toast({ title: "Could not send the test event", description: result.error.message, tone: "error" });
    else if (result.data.status === "succeeded") toast({ title: "Test event delivered", description: `The endpoint answered ${result.data.responseStatus}.`, tone: "success" });
    else toast({ title: "Test event failed", description: result.data.error ?? "The endpoint did not accept it.", tone: "error" });
    router.refresh();
  }
  return (
    <Button variant="secondary" loading={sending} onClick={send}>
      Send test event
    </Button>
  );
}
