"use client";

import type { Field } from "@/lib/contracts/fields";
import { cn } from "@/lib/utils/cn";
import { confidenceLevel, needsAttention, readValueMeta, toInputText } from "../field-values";
import type { DocumentData } from "../use-document-data";
import { inputId, pathKey, type ValuePath } from "../value-paths";
import { ConfidenceHint, LEVEL_CLASSES } from "./confidence-hint";
import { ValueControl } from "./value-control";
import type { ValueEvents } from "./value-events";

/** One field of the form: its name, the value typed by the field, and how sure the engine was. */
export function ScalarField({
  field,
  data,
  readOnly,
  isPickTarget,
  events,
}: {
  field: Field;
  data: DocumentData;
  readOnly: boolean;
  isPickTarget: boolean;
  events: ValueEvents;
}) {
  const path: ValuePath = { field: field.name };
  const key = pathKey(path);
  const id = inputId(path);
  const meta = readValueMeta(data.metadata[field.name]);
  const level = confidenceLevel(meta, { edited: data.edited.has(key), thresholds: data.thresholds, value: data.values[field.name] });
  const draft = data.drafts[key];
  const error = data.errors[key];
  const hintId = `${id}-confidence`;
  const errorId = `${id}-error`;
  return (
    <div
      data-value-path={key}
      data-attention={needsAttention(level, field.required) ? "true" : undefined}
      onMouseEnter={() => events.onHoverValue(meta)}
      onMouseLeave={() => events.onHoverValue(null)}
      className={cn(
        // One line per value once the panel is wide enough (label and value side by side): more values fit on screen.
        "flex flex-col gap-1 rounded-lg px-2 py-1 @md:grid @md:grid-cols-[minmax(7rem,11rem)_1fr] @md:items-center @md:gap-x-2",
        isPickTarget && "bg-accent-soft ring-1 ring-accent/40",
      )}
    >
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="truncate text-xs font-medium text-ink">
          {field.name}
          {field.required ? <span className="sr-only"> (required)</span> : null}
        </label>
        <ConfidenceHint id={hintId} level={level} confidence={meta.confidence} />
      </div>
      <ValueControl
        id={id}
        definition={field}
        text={draft ?? toInputText(data.values[field.name])}
        dirty={draft !== undefined}
        readOnly={readOnly}
        invalid={Boolean(error)}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
        className={LEVEL_CLASSES[level]}
        onDraft={(text) => data.setDraft(path, text)}
        onCommit={(text) => data.commitText(path, text)}
        onCancel={() => data.cancelDraft(path)}
        onFocus={() => events.onFocusValue(path, meta)}
      />
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger @md:col-span-2">
          {error}
          {draft ? `: “${draft}”` : ""}
        </p>
      ) : null}
    </div>
  );
}
