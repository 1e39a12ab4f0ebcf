"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormError } from "@/components/forms/form-error";
import { Button, FormField, Input } from "@/components/ui";
import { SetupSchema, type Setup } from "@/lib/contracts/setup";
import { setupAction } from "./actions";

const FIELDS = ["teamName", "name", "email", "password"] as const;

export function SetupForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Setup>({
    resolver: zodResolver(SetupSchema),
    defaultValues: { teamName: "", name: "", email: "", password: "" },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await setupAction(values);
    if (!result.ok && !applyServerErrors(setError, FIELDS, result.error.issues)) setFormError(result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Team name" htmlFor="teamName" error={errors.teamName?.message} description="Your company or department. You can add more teams later.">
        <Input autoFocus {...register("teamName")} />
      </FormField>
      <FormField label="Your name" htmlFor="name" error={errors.name?.message}>
        <Input autoComplete="name" {...register("name")} />
      </FormField>
      <FormField label="E-mail" htmlFor="email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register("email")} />
      </FormField>
      <FormField label="Password" htmlFor="password" error={errors.password?.message} description="At least 10 characters.">
        <Input type="password" autoComplete="new-password" {...register("password")} />
      </FormField>
      <FormError message={formError} />
      <Button type="submit" loading={formState.isSubmitting}>
        Create team and admin account
      </Button>
    </form>
  );
}
