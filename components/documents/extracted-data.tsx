import { EmptyState } from "@/components/ui";
import type { Field } from "@/lib/contracts/fields";

type Metadata = Record<string, unknown>;

function confidenceOf(metadata: unknown): number | null {
  const value = (metadata as { confidence?: unknown } | undefined)?.confidence;
  return typeof value === "number" ? value : null;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/** Extracted values, read-only: one row per field with its confidence; table fields as tables of their rows. */
export function ExtractedData({ fields, data, metadata }: { fields: Field[]; data: Record<string, unknown>; metadata: Metadata }) {
  if (fields.length === 0) return <EmptyState title="This parser has no fields" description="Add fields to extract values from its documents." />;
  if (Object.keys(data).length === 0) return <p className="text-muted">No data yet.</p>;
  const scalars = fields.filter((field) => field.type !== "table");
  const tables = fields.filter((field) => field.type === "table");
  return (
    <div className="flex flex-col gap-4">
      <table className="w-full max-w-3xl text-left">
        <caption className="sr-only">Values</caption>
        <thead>
          <tr className="text-xs text-muted">
            <th scope="col" className="py-1 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 font-medium">
              Value
            </th>
            <th scope="col" className="py-1 font-medium">
              Confidence
            </th>
          </tr>
        </thead>
        <tbody>
          {scalars.map((field) => {
            const confidence = confidenceOf(metadata[field.name]);
            return (
              <tr key={field.id} className="border-t border-line">
                <th scope="row" className="py-1.5 pr-4 font-medium">
                  {field.name}
                </th>
                <td className="py-1.5 pr-4">{show(data[field.name])}</td>
                <td className="py-1.5 text-muted">{confidence === null ? "–" : `${Math.round(confidence * 100)}%`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {tables.map((field) => {
        const rows = Array.isArray(data[field.name]) ? (data[field.name] as Record<string, unknown>[]) : [];
        const columns = field.columns ?? [];
        return (
          <table key={field.id} className="w-full text-left">
            <caption className="mb-1 text-left font-medium">
              {field.name} <span className="font-normal text-muted">({rows.length} rows)</span>
            </caption>
            <thead>
              <tr className="text-xs text-muted">
                {columns.map((column) => (
                  <th key={column.id} scope="col" className="py-1 pr-4 font-medium">
                    {column.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className="border-t border-line">
                  {columns.map((column) => (
                    <td key={column.id} className="py-1.5 pr-4">
                      {show(row[column.name])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
