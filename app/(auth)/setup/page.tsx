import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { fetchSetupRequired } from "@/lib/console/api/setup";
import { SetupForm } from "./setup-form";

export const metadata: Metadata = { title: "Set up Quarry" };

/** Exists only until the first team is created; after that it is a 404 for good. */
export default async function SetupPage() {
  if (!(await fetchSetupRequired())) notFound();
  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">Welcome to Quarry</h1>
      <p className="mb-5 text-muted">Create the first team and its admin account. This page disappears once you are done.</p>
      <SetupForm />
    </>
  );
}
