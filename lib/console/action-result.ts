import "server-only";
import { ApiError } from "@/lib/console/api/client";
import type { ValidationIssue } from "@/lib/services/errors";

/** What a server action returns: data, or the API's error with per-field issues for the form. */
export type ActionResult<T = undefined> = { ok: true; data: T } | { ok: false; error: { message: string; status: number; issues?: ValidationIssue[] } };

export async function runAction<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: { message: error.body.message, status: error.status, issues: error.body.issues } };
    // Never forward an unknown error's text to the browser; it may hold internals.
    console.error("[action]", error);
    return { ok: false, error: { message: "Something went wrong. Try again.", status: 500 } };
  }
}
