"use client";

import type { Field } from "@/lib/contracts/fields";
import { cn } from "@/lib/utils/cn";
import { confidenceLevel, needsAttention, readableFieldName, readValueMeta, toInputText } from "../field-values";
import type { DocumentData } from "../use-document-data";
import { inputId, pathKey, type ValuePath } from "../value-paths";
import { ConfidenceHint, TONE_CLASSES, valueTone } from "./confidence-hint";
import { ValueControl } from "./value-control";
import type { ValueEvents } from "./value-events";

/** One field of the form: its name, the value typed by the field, and how sure the engine was. */
export function ScalarField({
  field,
  data,
  readOnly,
  isPickTarget,
  events,
  problem,
}: {
  field: Field;
  data: DocumentData;
  readOnly: boolean;
  isPickTarget: boolean;
  events: ValueEvents;
  /** Why this value blocks an approval (a check it fails, or required and empty); null when it does not. */
  problem: string | null;
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
  const problemId = `${id}-problem`;
  const tone = valueTone(level, problem !== null);
  // A typing error is the one to fix first; otherwise the check this value fails.
  const message = error ? `${error}${draft ? `: “${draft}”` : ""}` : problem;
  const messageId = error ? errorId : problemId;
  return (
    <div
      data-value-path={key}
      data-attention={needsAttention(level, field.required) || problem !== null ? "true" : undefined}
      data-tone={tone}
      onMouseEnter={() => events.onHoverValue(meta)}
      onMouseLeave={() => events.onHoverValue(null)}
      className={cn(
        // One line per value once the panel is wide enough (label and value side by side): more values fit on screen.
        "flex flex-col gap-1 rounded-lg px-2 py-1 @md:grid @md:grid-cols-[minmax(7rem,11rem)_1fr] @md:items-center @md:gap-x-2",
        isPickTarget && "bg-accent-soft ring-1 ring-accent/40",
      )}
    >
      <div className="flex items-baseline justify-between gap-2">
        {/* The name in full (it wraps): a reviewer must never guess which field a cut-off label means. */}
        <label htmlFor={id} title={field.name} className="min-w-0 text-xs font-medium break-words text-ink">
          {readableFieldName(field.name)}
          {field.required ? <span className="sr-only"> (required)</span> : null}
        </label>
        <ConfidenceHint id={hintId} level={level} confidence={meta.confidence} failsCheck={problem !== null} />
      </div>
      <ValueControl
        id={id}
        definition={field}
        text={draft ?? toInputText(data.values[field.name], field.type)}
        dirty={draft !== undefined}
        readOnly={readOnly}
        invalid={Boolean(error) || problem !== null}
        describedBy={message ? `${hintId} ${messageId}` : hintId}
        className={TONE_CLASSES[tone]}
        onDraft={(text) => data.setDraft(path, text)}
        onCommit={(text) => data.commitText(path, text)}
        onCancel={() => data.cancelDraft(path)}
        onFocus={() => events.onFocusValue(path, meta)}
      />
      {message ? (
        <p id={messageId} className="text-xs font-medium text-danger @md:col-start-2">
          {message}
        </p>
      ) : null}
    </div>
  );
}
