"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SecretReveal } from "@/components/console/secret-reveal";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { useResultDialog } from "@/components/forms/use-result-dialog";
import { FormError } from "@/components/forms/form-error";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
  Select,
} from "@/components/ui";
import { AddMemberSchema, type AddedMemberSchema } from "@/lib/contracts/members";
import { addMemberAction } from "../actions";
import { ROLE_OPTIONS } from "./roles";

type AddMemberForm = z.input<typeof AddMemberSchema>;

export function MemberAddDialog() {
  const form = useForm<AddMemberForm>({ resolver: zodResolver(AddMemberSchema), defaultValues: { name: "", email: "", role: "member" } });
  const { errors, isSubmitting } = form.formState;
  const { open, onOpenChange, result: added, setResult: setAdded, formError, setFormError } = useResultDialog<z.infer<typeof AddedMemberSchema>>(() => form.reset());

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await addMemberAction(AddMemberSchema.parse(values));
    if (result.ok) setAdded(result.data);
    else if (!applyServerErrors(form.setError, ["name", "email", "role"], result.error.issues)) setFormError(result.error.message);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Add member</Button>
      </DialogTrigger>
      <DialogContent size="md">
        {added ? (
          <>
            <DialogHeader>
              <DialogTitle>{added.invitation.email} was invited</DialogTitle>
              <DialogDescription>
                Give them this link through a safe channel. It is shown only now. Someone new chooses a password there; someone who already
                has a Quarry account signs in and accepts the invitation. Nobody joins without accepting.
              </DialogDescription>
            </DialogHeader>
            <SecretReveal
              label="Invitation link"
              value={added.acceptUrl}
              copyLabel="Copy link"
              intro={
                <>
                  Invitation for <strong>{added.invitation.email}</strong> as {added.invitation.role}:
                </>
              }
            />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Add member</DialogTitle>
              <DialogDescription>They get an invitation link and join when they accept it.</DialogDescription>
            </DialogHeader>
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
            <FormError message={formError} />
            <DialogFooter>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Send invitation
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
