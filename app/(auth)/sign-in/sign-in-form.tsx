"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormError } from "@/components/forms/form-error";
import { Button, FormField, Input } from "@/components/ui";
import { SignInSchema, type SignIn } from "@/lib/contracts/setup";
import { signInAction } from "./actions";

export function SignInForm({ redirectTo, notice }: { redirectTo?: string; notice?: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<SignIn>({ resolver: zodResolver(SignInSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signInAction(values, redirectTo);
    if (!result.ok && !applyServerErrors(setError, ["email", "password"], result.error.issues)) setFormError(result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {notice ? <p className="rounded-md bg-success-soft px-3 py-2 text-success">{notice}</p> : null}
      <FormField label="E-mail" htmlFor="email" error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" autoFocus {...register("email")} />
      </FormField>
      <FormField label="Password" htmlFor="password" error={formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register("password")} />
      </FormField>
      <FormError message={formError} />
      <Button type="submit" loading={formState.isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
