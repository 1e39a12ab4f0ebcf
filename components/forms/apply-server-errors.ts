import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ValidationIssue } from "@/lib/services/errors";

/**
 * Puts the API's per-field issues on the form fields they belong to (nested paths such as
 * `splitDocuments.everyXPages` included, when their top-level key is one of `fields`). Returns whether any
 * matched, so the caller shows a general message only for what no field explains.
 */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly string[], issues: ValidationIssue[] = []): boolean {
  let matched = false;
  for (const issue of issues) {
    const field = issue.path.split(".")[0];
    if (field && fields.includes(field)) {
      setError(issue.path as Path<T>, { type: "server", message: issue.message });
      matched = true;
    }
  }
  return matched;
}
