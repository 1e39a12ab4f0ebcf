"use client";

import { Input, Select } from "@/components/ui";

export type FilterOption = { id: string; label: string };
export type ReviewFilterValues = { assignee?: string; stage?: string; from?: string; to?: string };

/**
 * The review and date filters of the documents list: who it is assigned to, which review stage it waits at,
 * and the days it was created between. Each change goes straight to the URL (`onChange`), like the others.
 */
export function DocumentFilters({
  reviewers,
  stages,
  values,
  onChange,
}: {
  reviewers: readonly FilterOption[];
  stages: readonly FilterOption[];
  values: ReviewFilterValues;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">More filters</legend>
      {reviewers.length > 0 ? (
        <Select aria-label="Assignee" value={values.assignee ?? ""} onChange={(event) => onChange({ assignee: event.target.value || null })} wrapperClassName="w-44">
          <option value="">Any assignee</option>
          {reviewers.map((reviewer) => (
            <option key={reviewer.id} value={reviewer.id}>
              {reviewer.label}
            </option>
          ))}
        </Select>
      ) : null}
      {stages.length > 0 ? (
        <Select aria-label="Review stage" value={values.stage ?? ""} onChange={(event) => onChange({ stage: event.target.value || null })} wrapperClassName="w-44">
          <option value="">Any review stage</option>
          {stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.label}
            </option>
          ))}
        </Select>
      ) : null}
      <label className="flex items-center gap-1.5 text-muted">
        Created from
        <Input type="date" value={values.from ?? ""} max={values.to} onChange={(event) => onChange({ from: event.target.value || null })} className="w-36" />
      </label>
      <label className="flex items-center gap-1.5 text-muted">
        to
        <Input type="date" value={values.to ?? ""} min={values.from} onChange={(event) => onChange({ to: event.target.value || null })} className="w-36" />
      </label>
    </fieldset>
  );
}
