"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormError } from "@/components/forms/form-error";
import { Button, FormField, Input } from "@/components/ui";
import { JoinSchema, type Join } from "@/lib/contracts/invitations";
import { joinAction } from "./actions";

const FIELDS = ["name", "password"] as const;

export function JoinForm({ token }: { token: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Join>({ resolver: zodResolver(JoinSchema), defaultValues: { name: "", password: "" } });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await joinAction(token, values);
    if (!result.ok && !applyServerErrors(setError, FIELDS, result.error.issues)) setFormError(result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Your name" htmlFor="name" error={errors.name?.message}>
        <Input autoComplete="name" {...register("name")} />
      </FormField>
      <FormField label="Password" htmlFor="password" error={errors.password?.message} description="At least 10 characters.">
        <Input type="password" autoComplete="new-password" {...register("password")} />
      </FormField>
      <FormError message={formError} />
      <Button type="submit" loading={formState.isSubmitting}>
        Create account and join
      </Button>
    </form>
  );
}
