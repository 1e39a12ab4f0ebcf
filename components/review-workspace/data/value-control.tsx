"use client";

import type { FocusEventHandler, KeyboardEvent } from "react";
import { Input, Select, Textarea } from "@/components/ui";
import type { Field } from "@/lib/contracts/fields";
import { cn } from "@/lib/utils/cn";
import { inputKind } from "../field-values";

export type ValueControlProps = {
  id: string;
  definition: Pick<Field, "type" | "options">;
  /** The text shown: the draft being typed, or the stored value as text. */
  text: string;
  /** Whether `text` is an uncommitted draft (then the browser's own undo applies while typing). */
  dirty: boolean;
  readOnly: boolean;
  invalid: boolean;
  describedBy?: string;
  ariaLabel?: string;
  className?: string;
  onDraft: (text: string) => void;
  /** Commits text (the draft on blur or Enter; the chosen option at once). */
  onCommit: (text: string) => void;
  onCancel: () => void;
  onFocus: FocusEventHandler<HTMLElement>;
};

/**
 * One value's input, typed by its field: number, date, yes/no, a select of the options, e-mail, URL, phone,
 * multi-line address, or text. Text-like inputs commit on blur and Enter, and Escape drops the draft; choices
 * commit as soon as they change.
 */
export function ValueControl(props: ValueControlProps) {
  const { id, definition, text, dirty, readOnly, invalid, describedBy, ariaLabel, className, onDraft, onCommit, onCancel, onFocus } = props;
  const kind = inputKind(definition.type);
  const shared = {
    id,
    "aria-label": ariaLabel,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
    "data-dirty": dirty ? "true" : undefined,
    onFocus,
  };

  if (kind === "select" || kind === "boolean") {
    const options = kind === "boolean" ? [{ value: "true", label: "Yes" }, { value: "false", label: "No" }] : definition.options.map((option) => ({ value: option, label: option }));
    return (
      <Select {...shared} value={text} disabled={readOnly} onChange={(event) => onCommit(event.target.value)} className={className} placeholder="—">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === "Escape" && dirty) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
    // Enter commits a one-line value; in the address box, Ctrl/Cmd+Enter does (Enter is a new line there).
    if (event.key === "Enter" && (kind !== "multiline" || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onCommit(event.currentTarget.value);
    }
  };
  const common = {
    ...shared,
    value: text,
    // A value wider than its box is cut off: the tooltip shows it whole.
    title: text || undefined,
    readOnly,
    onChange: (event: { target: { value: string } }) => onDraft(event.target.value),
    onBlur: (event: { currentTarget: { value: string } }) => {
      if (dirty) onCommit(event.currentTarget.value);
    },
    onKeyDown,
  };

  if (kind === "multiline") return <Textarea {...common} rows={2} className={cn("min-h-0 resize-y", className)} />;
  const type = { number: "number", date: "date", email: "email", url: "url", tel: "tel", text: "text" }[kind];
  return <Input {...common} type={type} step={kind === "number" ? "any" : undefined} className={className} />;
}
