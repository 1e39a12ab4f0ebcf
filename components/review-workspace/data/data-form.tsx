"use client";

import { EmptyState } from "@/components/ui";
import type { Field } from "@/lib/contracts/fields";
import type { DocumentData } from "../use-document-data";
import { pathKey } from "../value-paths";
import { ScalarField } from "./scalar-field";
import { TableField } from "./table-field";
import type { ValueEvents } from "./value-events";

/**
 * The extracted data as a form: the parser's values in field order, then its tables; Tab and Shift+Tab walk
 * them. The form is never submitted: every value saves on its own (see useDocumentData).
 */
export function DataForm({ fields, data, readOnly, readOnlyReason, pickTargetKey, events, problems, tables = "inline", wideTables = false }: {
  fields: Field[];
  data: DocumentData;
  readOnly: boolean;
  readOnlyReason: string | null;
  pickTargetKey: string | null;
  events: ValueEvents;
  /** Why values block an approval, by value path (`total`, `items.0.sku`): each is marked on the value itself. */
  problems: ReadonlyMap<string, string>;
  /** Where tables go: with the values (`inline`), elsewhere (`none`: the wide grid has them), or alone (`only`). */
  tables?: "inline" | "none" | "only";
  /** Tables shown across the workspace ("Wide tables"): columns get room and can be widened by dragging. */
  wideTables?: boolean;
}) {
  if (fields.length === 0) return <EmptyState title="This parser has no fields" description="Add fields to extract values from its documents." />;
  const tableFields = tables === "none" ? [] : fields.filter((field) => field.type === "table");
  if (tables === "only") {
    return (
      <form aria-label="Line items" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-3">
        {tableFields.map((field) => (
          <TableField key={field.id} field={field} data={data} readOnly={readOnly} pickTargetKey={pickTargetKey} events={events} problems={problems} wide={wideTables} />
        ))}
      </form>
    );
  }
  return (
    <form aria-label="Extracted data" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-3">
      {readOnly && readOnlyReason ? <p className="rounded-lg bg-subtle px-3 py-2 text-xs text-muted">{readOnlyReason}</p> : null}
      <div className="flex flex-col gap-0.5">
        {fields
          .filter((field) => field.type !== "table")
          .map((field) => (
            <ScalarField key={field.id} field={field} data={data} readOnly={readOnly} isPickTarget={pickTargetKey === pathKey({ field: field.name })} events={events} problem={problems.get(field.name) ?? null} />
          ))}
      </div>
      {tableFields.map((field) => (
          <TableField key={field.id} field={field} data={data} readOnly={readOnly} pickTargetKey={pickTargetKey} events={events} problems={problems} />
        ))}
    </form>
  );
}
