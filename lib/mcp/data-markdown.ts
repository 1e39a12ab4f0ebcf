import type { Field } from "@/lib/contracts/fields";

/**
 * A document's extracted data as Markdown, for documents without a text rendering of their own (the parser's
 * markdown parsing is off): one line per scalar field, a table per table field, in the parser's field order.
 */
export function dataAsMarkdown(input: { name: string; status: string; fields: Field[]; data: Record<string, unknown> }): string {
  const lines = [`# ${inline(input.name)}`, "", `Status: ${input.status}`, ""];
  for (const field of input.fields) {
    const value = input.data[field.name];
    if (field.type === "table" && field.columns) {
      lines.push(`## ${inline(field.name)}`, "", ...table(field.columns, Array.isArray(value) ? value : []), "");
    } else {
      lines.push(`- **${inline(field.name)}**: ${cell(value)}`);
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

function table(columns: Field[], rows: unknown[]): string[] {
  if (rows.length === 0) return ["(no rows)"];
  const header = `| ${columns.map((column) => cell(column.name)).join(" | ")} |`;
  const rule = `| ${columns.map(() => "---").join(" | ")} |`;
  const body = rows.map((row) => {
    const record = typeof row === "object" && row !== null ? (row as Record<string, unknown>) : {};
    return `| ${columns.map((column) => cell(record[column.name])).join(" | ")} |`;
  });
  return [header, rule, ...body];
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return inline(text).replace(/\|/g, "\\|");
}

function inline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}
