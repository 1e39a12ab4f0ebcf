"use client";

import { Button } from "@/components/ui";
import type { CheckProblem } from "@/lib/contracts/review-checks";

/** Moves focus to the value a problem is about (its row's first input for a table path). */
function focusValue(path: string) {
  const [field, row, column] = path.split(".");
  const key = column !== undefined ? `${field}.${row}.${column}` : field;
  const holder = document.querySelector<HTMLElement>(`[data-value-path="${CSS.escape(key ?? "")}"]`) ?? document.querySelector<HTMLElement>(`[data-value-path="${CSS.escape(field ?? "")}"]`);
  holder?.querySelector<HTMLElement>("input, select, textarea")?.focus();
}

/**
 * Why the document cannot be approved yet: each problem links to its value (and is marked on the value itself).
 * It floats over the page, under the review bar, so the refusal does not push the data down. An admin may
 * approve anyway, giving a reason that goes into the audit.
 */
export function ApprovalProblems({ problems, canOverride, onOverride, onDismiss }: {
  problems: CheckProblem[];
  canOverride: boolean;
  onOverride: () => void;
  onDismiss: () => void;
}) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" aria-labelledby="approval-problems-title" className="absolute top-full left-3 z-20 mt-1 w-[min(28rem,calc(100%-1.5rem))] rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm shadow-lg">
      <p id="approval-problems-title" className="font-medium text-danger">
        Cannot approve yet: {problems.length === 1 ? "1 problem" : `${problems.length} problems`} to fix
      </p>
      <ul className="mt-1 flex max-h-32 flex-col gap-0.5 overflow-y-auto">
        {problems.map((problem) => (
          <li key={`${problem.path}:${problem.message}`}>
            <button type="button" className="cursor-pointer text-left text-ink underline decoration-danger/50 underline-offset-2 hover:decoration-danger" onClick={() => focusValue(problem.path)}>
              {problem.message}
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex gap-2">
        {canOverride ? (
          <Button size="sm" variant="secondary" onClick={onOverride}>
            Approve anyway…
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Hide
        </Button>
      </div>
    </div>
  );
}
