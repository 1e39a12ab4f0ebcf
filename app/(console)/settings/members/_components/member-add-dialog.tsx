"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialogPanel } from "@/components/forms/form-dialog-panel";
import { SecretResultPanel } from "@/components/forms/secret-result-panel";
import { showActionError, useResultDialog } from "@/components/forms/use-result-dialog";
import { Button, Dialog, DialogContent, DialogTrigger, FormField, Input, Select } from "@/components/ui";
import { AddMemberSchema, type AddedMemberSchema } from "@/lib/contracts/members";
import { addMemberAction } from "../actions";
import { ROLE_OPTIONS } from "./roles";

type AddMemberForm = z.input<typeof AddMemberSchema>;

export function MemberAddDialog() {
  const form = useForm<AddMemberForm>({ resolver: zodResolver(AddMemberSchema), defaultValues: { name: "", email: "", role: "member" } });
  const { errors, isSubmitting } = form.formState;
  const { open, onOpenChange, result: added, setResult: setAdded, setFormError, panel } = useResultDialog<z.infer<typeof AddedMemberSchema>>(() => form.reset());

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await addMemberAction(AddMemberSchema.parse(values));
    if (result.ok) setAdded(result.data);
    else showActionError({ setError: form.setError, fields: ["name", "email", "role"], error: result.error, setFormError });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Add member</Button>
      </DialogTrigger>
      <DialogContent size="md">
        {added ? (
          <SecretResultPanel
            title={`${added.invitation.email} was invited`}
            description="Give them this link through a safe channel. It is shown only now. Someone new chooses a password there; someone who already has a Quarry account signs in and accepts the invitation. Nobody joins without accepting."
            label="Invitation link"
            value={added.acceptUrl}
            copyLabel="Copy link"
            intro={
              <>
                Invitation for <strong>{added.invitation.email}</strong> as {added.invitation.role}:
              </>
            }
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <FormDialogPanel
            title="Add member"
            description="They get an invitation link and join when they accept it."
            submitLabel="Send invitation"
            submitting={isSubmitting}
            onSubmit={onSubmit}
            {...panel}
          >
            <FormField label="Name" htmlFor="member-name" error={errors.name?.message} required>
              <Input autoFocus {...form.register("name")} />
            </FormField>
            <FormField label="E-mail" htmlFor="member-email" error={errors.email?.message} required>
              <Input type="email" {...form.register("email")} />
            </FormField>
            <FormField label="Role" htmlFor="member-role" error={errors.role?.message}>
              <Select {...form.register("role")}>
                {ROLE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </FormField>
          </FormDialogPanel>
        )}
      </DialogContent>
    </Dialog>
  );
}
