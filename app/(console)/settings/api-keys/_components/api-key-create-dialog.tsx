"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { SecretResultPanel } from "@/components/forms/secret-result-panel";
import { showActionError, useResultDialog } from "@/components/forms/use-result-dialog";
import { Button, Checkbox, Dialog, DialogContent, DialogTrigger, FormField, Input, Select } from "@/components/ui";
import type { Permission } from "@/lib/contracts/permissions";
import { CreateApiKeySchema, type CreateApiKey, type CreatedApiKey } from "@/lib/contracts/api-keys";
import { createApiKeyAction } from "../actions";
import { DEFAULT_EXPIRY_DAYS, EXPIRY_CHOICES, expiryFrom, KEY_PRESETS, presetPermissions } from "@/components/api-keys/key-presets";

type Option = { value: Permission; label: string };

export function ApiKeyCreateDialog({ permissions }: { permissions: Option[] }) {
  const grantable = permissions.map((option) => option.value);
  const form = useForm<CreateApiKey>({
    resolver: zodResolver(CreateApiKeySchema),
    defaultValues: { name: "", permissions: presetPermissions("read", grantable) as Permission[] },
  });
  const [expiryDays, setExpiryDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const expiryId = useId();
  const { errors, isSubmitting } = form.formState;
  // The key is gone from the page once the dialog closes: it is shown once, by design.
  const { open, onOpenChange, result: created, setResult: setCreated, setFormError, panel } = useResultDialog<CreatedApiKey>(() => form.reset());

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (!values.permissions?.length) {
      form.setError("permissions", { message: "Choose at least one permission" });
      return;
    }
    const result = await createApiKeyAction({ ...values, expiresAt: expiryFrom(expiryDays) });
    if (result.ok) setCreated(result.data);
    else showActionError({ setError: form.setError, fields: ["name", "permissions"], error: result.error, setFormError });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Create API key</Button>
      </DialogTrigger>
      <DialogContent size="md">
        {created ? (
          <SecretResultPanel
            title="Copy your new key"
            description="This is the only time the key is shown. Store it somewhere safe now; if it is lost, revoke it and create another."
            label="New API key"
            value={created.key}
            copyLabel="Copy key"
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <FormDialogPanel
            title="Create API key"
            description="Name the key after the integration that uses it. It starts read-only: add only the permissions it needs."
            submitLabel="Create key"
            submitting={isSubmitting}
            onSubmit={onSubmit}
            {...panel}
          >
            <FormField label="Name" htmlFor="key-name" error={errors.name?.message} required>
              <Input placeholder="e.g. ERP import" autoFocus {...form.register("name")} />
            </FormField>
            <fieldset className="flex flex-col gap-2" aria-describedby="key-permissions-error">
              <legend className="mb-1 font-medium">Permissions</legend>
              <div className="flex flex-wrap gap-1.5" role="group" aria-label="Start from">
                {KEY_PRESETS.map((preset) => (
                  <Button key={preset.id} size="sm" variant="secondary" onClick={() => form.setValue("permissions", presetPermissions(preset.id, grantable) as Permission[])}>
                    {preset.label}
                  </Button>
                ))}
              </div>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {permissions.map((option) => (
                  <Checkbox key={option.value} value={option.value} label={option.label} {...form.register("permissions")} />
                ))}
              </div>
              <p id="key-permissions-error" aria-live="polite" className="text-xs font-medium text-danger empty:hidden">
                {errors.permissions?.message}
              </p>
            </fieldset>
            <div className="flex flex-col gap-1">
              <label htmlFor={expiryId} className="font-medium">
                Expires
              </label>
              <Select id={expiryId} value={String(expiryDays)} onChange={(event) => setExpiryDays(Number(event.target.value))}>
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.days} value={choice.days}>
                    {choice.label}
                  </option>
                ))}
              </Select>
              <p className="text-xs text-muted">After this, requests with the key are refused with a message saying it expired.</p>
            </div>
          </FormDialogPanel>
        )}
      </DialogContent>
    </Dialog>
  );
}
