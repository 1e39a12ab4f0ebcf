"use client";

import { useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils/cn";

export type TagInputProps = {
  id?: string;
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  /** Accessible name of the text box, e.g. "Add a document type". */
  inputLabel: string;
  invalid?: boolean;
  maxLength?: number;
  "aria-describedby"?: string;
};

/** A list of short labels: type and press Enter or comma to add, Backspace on an empty box to remove the last. */
export function TagInput({ id, value, onChange, placeholder, inputLabel, invalid, maxLength = 100, ...aria }: TagInputProps) {
  const [draft, setDraft] = useState("");

  function commit() {
    const tag = draft.trim();
    if (tag && !value.some((existing) => existing.toLowerCase() === tag.toLowerCase())) onChange([...value, tag]);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      commit();
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className={cn("flex min-h-9 flex-wrap items-center gap-1.5 rounded-lg border bg-surface px-2 py-1.5 focus-within:ring-2 focus-within:ring-focus", invalid ? "border-danger" : "border-line-strong")}>
      <ul className="contents" aria-label="Added">
        {value.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-md bg-subtle px-2 py-0.5 text-xs">
            {tag}
            <button type="button" aria-label={`Remove ${tag}`} onClick={() => onChange(value.filter((existing) => existing !== tag))} className="text-muted hover:text-ink">
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        aria-label={inputLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={aria["aria-describedby"]}
        value={draft}
        maxLength={maxLength}
        placeholder={value.length === 0 ? placeholder : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        className="min-w-32 flex-1 bg-transparent py-0.5 outline-none"
      />
    </div>
  );
}
