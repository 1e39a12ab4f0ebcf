"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { SecretResultPanel } from "@/components/forms/secret-result-panel";
import { showActionError, useResultDialog } from "@/components/forms/use-result-dialog";
import { Button, Checkbox, Dialog, DialogContent, DialogTrigger, FormField, Input, useToast } from "@/components/ui";
import { CreateWebhookSchema, WEBHOOK_EVENTS, type CreatedWebhook, type Webhook } from "@/lib/contracts/webhooks";
import { createWebhookAction, updateWebhookAction } from "../actions";

type FormInput = z.input<typeof CreateWebhookSchema>;
type FormOutput = z.output<typeof CreateWebhookSchema>;
const FORM_FIELDS = ["url", "events", "description"] as const;

export const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "document.processed": "Processed: extraction finished, no review needed",
  "document.failed": "Failed: the document could not be read",
  "document.skipped": "Skipped by the document type rule",
  "document.in_review": "Entered review",
  "document.approved": "Approved at the last review stage",
  "document.rejected": "Rejected in review",
};

/** Create (the secret is shown once, then gone with the dialog) or, given `webhook`, edit an endpoint. */
export function WebhookFormDialog({ parserId, webhook, trigger }: { parserId: string; webhook?: Webhook; trigger?: React.ReactNode }) {
  const defaults: FormInput = webhook
    ? { url: webhook.url, events: webhook.events as FormInput["events"], description: webhook.description }
    : { url: "", events: ["document.processed", "document.failed"], description: "" };
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(CreateWebhookSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const { toast } = useToast();
  const { open, onOpenChange, result: created, setResult: setCreated, setFormError, panel } = useResultDialog<CreatedWebhook>(() => form.reset(defaults));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = { url: values.url, events: values.events, description: values.description ?? "" };
    if (webhook) {
      const saved = await updateWebhookAction(parserId, webhook.id, body);
      if (!saved.ok) return showActionError({ setError: form.setError, fields: FORM_FIELDS, error: saved.error, setFormError });
      toast({ title: "Webhook saved", tone: "success" });
      return onOpenChange(false);
    }
    const createdWebhook = await createWebhookAction(parserId, body);
    if (!createdWebhook.ok) return showActionError({ setError: form.setError, fields: FORM_FIELDS, error: createdWebhook.error, setFormError });
    setCreated(createdWebhook.data);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger ?? <Button>Add webhook</Button>}</DialogTrigger>
      <DialogContent size="md">
        {created ? (
          <SecretResultPanel
            title="Copy the signing secret"
            description={
              <>
                Your receiver verifies each request&apos;s <code>webhook-signature</code> with this secret. This is the only time it is shown; if it is
                lost, delete the webhook and add it again.
              </>
            }
            label="Signing secret"
            value={created.secret}
            copyLabel="Copy secret"
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <FormDialogPanel
            title={webhook ? "Edit webhook" : "Add webhook"}
            description="A public http(s) URL of your system. Private and loopback addresses are refused."
            submitLabel={webhook ? "Save" : "Add webhook"}
            submitting={isSubmitting}
            onSubmit={onSubmit}
            {...panel}
          >
            <FormField label="URL" htmlFor="webhook-url" error={errors.url?.message} required>
              <Input id="webhook-url" type="url" placeholder="https://example.com/hooks/quarry" autoFocus {...form.register("url")} />
            </FormField>
            <fieldset className="flex flex-col gap-2" aria-describedby="webhook-events-error">
              <legend className="mb-1 font-medium">Events</legend>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={<code className="text-xs">{event}</code>} description={EVENT_LABELS[event]} {...form.register("events")} />
              ))}
              <p id="webhook-events-error" aria-live="polite" className="text-xs font-medium text-danger empty:hidden">
                {errors.events?.message}
              </p>
            </fieldset>
            <FormField label="Description" htmlFor="webhook-description" error={errors.description?.message}>
              <Input id="webhook-description" placeholder="e.g. ERP import" {...form.register("description")} />
            </FormField>
          </FormDialogPanel>
        )}
      </DialogContent>
    </Dialog>
  );
}
