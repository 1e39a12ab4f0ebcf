import "server-only";
import type { Setup } from "@/lib/contracts/setup";
import { env } from "@/lib/env";
import type { ErrorBody } from "@/lib/services/errors";
import { ApiError } from "./client";

/** The public first-run endpoints (/api/setup), called before anyone can sign in. */
const base = () => `http://127.0.0.1:${env().PORT}/api/setup`;

export async function fetchSetupRequired(): Promise<boolean> {
  const response = await fetch(base(), { cache: "no-store" });
  const body = (await response.json()) as { setupRequired: boolean };
  return body.setupRequired;
}

export async function postSetup(input: Setup): Promise<void> {
  const response = await fetch(base(), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input), cache: "no-store" });
  if (!response.ok) throw new ApiError(response.status, (await response.json()) as ErrorBody);
}
