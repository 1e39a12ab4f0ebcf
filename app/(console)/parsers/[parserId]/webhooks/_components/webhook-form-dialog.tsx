"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SecretReveal } from "@/components/console/secret-reveal";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormError } from "@/components/forms/form-error";
import { useResultDialog } from "@/components/forms/use-result-dialog";
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
  useToast,
} from "@/components/ui";
import { CreateWebhookSchema, WEBHOOK_EVENTS, type CreatedWebhook, type Webhook } from "@/lib/contracts/webhooks";
import { createWebhookAction, updateWebhookAction } from "../actions";

type FormInput = z.input<typeof CreateWebhookSchema>;
type FormOutput = z.output<typeof CreateWebhookSchema>;

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
  const { open, onOpenChange, result: created, setResult: setCreated, formError, setFormError } = useResultDialog<CreatedWebhook>(() => form.reset(defaults));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = { url: values.url, events: values.events, description: values.description ?? "" };
    if (webhook) {
      const result = await updateWebhookAction(parserId, webhook.id, body);
      if (result.ok) {
        toast({ title: "Webhook saved", tone: "success" });
        onOpenChange(false);
      } else if (!applyServerErrors(form.setError, ["url", "events", "description"], result.error.issues)) setFormError(result.error.message);
      return;
    }
    const result = await createWebhookAction(parserId, body);
    if (result.ok) setCreated(result.data);
    else if (!applyServerErrors(form.setError, ["url", "events", "description"], result.error.issues)) setFormError(result.error.message);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger ?? <Button>Add webhook</Button>}</DialogTrigger>
      <DialogContent size="md">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Copy the signing secret</DialogTitle>
              <DialogDescription>
                Your receiver verifies each request&apos;s <code>webhook-signature</code> with this secret. This is the only time it is shown; if it is
                lost, delete the webhook and add it again.
              </DialogDescription>
            </DialogHeader>
            <SecretReveal label="Signing secret" value={created.secret} copyLabel="Copy secret" />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{webhook ? "Edit webhook" : "Add webhook"}</DialogTitle>
              <DialogDescription>A public http(s) URL of your system. Private and loopback addresses are refused.</DialogDescription>
            </DialogHeader>
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
            <FormError message={formError} />
            <DialogFooter>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {webhook ? "Save" : "Add webhook"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
