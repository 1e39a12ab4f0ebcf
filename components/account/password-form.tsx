"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { changePasswordAction } from "@/components/account/actions";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormError } from "@/components/forms/form-error";
import { Button, FormField, Input, useToast } from "@/components/ui";
import { ChangePasswordSchema, type ChangePassword } from "@/lib/contracts/account";

type Wording = { heading: string; currentLabel: string; submit: string };

const CHANGE: Wording = { heading: "Change password", currentLabel: "Current password", submit: "Change password" };
/** After an admin's reset, the "current" password is the temporary one they were given. */
export const CHOOSE_AFTER_RESET: Wording = { heading: "Choose your password", currentLabel: "Temporary password", submit: "Save my password" };

/** Change my password: the current one, then the new one (at least 10 characters). */
export function PasswordForm({ wording = CHANGE, onChanged }: { wording?: Wording; onChanged?: () => void }) {
  const form = useForm<ChangePassword>({ resolver: zodResolver(ChangePasswordSchema), defaultValues: { currentPassword: "", newPassword: "" } });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const { toast } = useToast();
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await changePasswordAction(values);
    if (result.ok) {
      form.reset();
      toast({ title: "Password changed", description: "Use the new password next time you sign in.", tone: "success" });
      onChanged?.();
    } else if (!applyServerErrors(form.setError, ["currentPassword", "newPassword"], result.error.issues)) {
      setFormError(result.error.message);
    }
  });
  return (
    <section aria-labelledby="password-heading" className="w-full max-w-md rounded-lg border border-line bg-surface p-4">
      <h2 id="password-heading" className="mb-3 font-medium">
        {wording.heading}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <FormField label={wording.currentLabel} htmlFor="current-password" error={errors.currentPassword?.message} required>
          <Input id="current-password" type="password" autoComplete="current-password" {...form.register("currentPassword")} />
        </FormField>
        <FormField label="New password" htmlFor="new-password" error={errors.newPassword?.message} required>
          <Input id="new-password" type="password" autoComplete="new-password" {...form.register("newPassword")} />
        </FormField>
        <FormError message={formError} />
        <div>
          <Button type="submit" loading={isSubmitting}>
            {wording.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
