import { documentLines } from "../fields/document-lines";
import { findAmounts, parseAmount } from "../../normalise/amounts";
import { findDates, parseDate } from "../../normalise/dates";
import type { FieldDefinition, FieldMetadata, FieldValue, PageModel, Scalar, SourceBox, TableRow, ValueMetadata } from "../types";
import { askForJson, documentText, type LlmOptions } from "./chat-completion";
import { schemaForFields } from "./json-schema";

export type { LlmOptions };

export type Extracted = { data: Record<string, FieldValue>; fieldMetadata: Record<string, FieldMetadata> };

/** Documents longer than this are cut: the model sees the first pages, the offline engine covers the rest. */
const MAX_PROMPT_CHARS = 60_000;

export function llmOptionsFromEnv(env: Partial<NodeJS.ProcessEnv> = process.env): LlmOptions | null {
  if (!env.LLM_BASE_URL) return null;
  return { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS ? Number(env.LLM_TIMEOUT_MS) : undefined };
}

/** Finds where the model's answer is printed, so every value still gets a source box. */
function locate(model: PageModel, field: FieldDefinition, value: Scalar): SourceBox | null {
  if (value === null || value === "") return null;
  const lines = documentLines(model);
  const hit = lines.find((line) => {
    if (typeof value === "number") return findAmounts(line.text).some((a) => Math.abs(a.value - value) < 0.005);
    if (field.type === "date") return findDates(line.text).some((d) => d.iso === value);
    return line.text.toLowerCase().replace(/\s+/g, " ").includes(String(value).toLowerCase().replace(/\s+/g, " "));
  });
  return hit ? { page: hit.page, ...hit.box } : null;
}

function normalise(field: FieldDefinition, raw: unknown): Scalar {
  if (raw === null || raw === undefined) return null;
  if (field.type === "number" || field.type === "currency") return typeof raw === "number" ? raw : parseAmount(String(raw));
  if (field.type === "date") return parseDate(String(raw));
  if (field.type === "boolean") return typeof raw === "boolean" ? raw : /^(true|yes|ja|oui|1)$/i.test(String(raw));
  if (field.type === "select") return (field.options ?? []).find((o) => o.toLowerCase() === String(raw).toLowerCase()) ?? null;
  return String(raw).trim() || null;
}

function valueMeta(model: PageModel, field: FieldDefinition, value: Scalar): ValueMetadata {
  const source = locate(model, field, value);
  // Answers found on the page are trusted more than ones the model may have inferred or invented.
  return { confidence: value === null ? 0 : source ? 0.85 : 0.5, source, raw: value === null ? undefined : String(value) };
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint for the fields (JSON schema response format) and merges
 * its answers over the offline result. Any error, timeout or malformed answer returns the offline result as is.
 */
export async function refineWithLlm(model: PageModel, fields: FieldDefinition[], offline: Extracted, options: LlmOptions): Promise<Extracted> {
  const answer = await askForJson({
    options,
    instructions: "Extract the requested fields from the document. Answer only with JSON matching the schema. Use null when a value is not in the document. Dates as yyyy-mm-dd, amounts as numbers.",
    document: documentText(model, MAX_PROMPT_CHARS),
    schemaName: "extraction",
    schema: schemaForFields(fields),
  });
  if (!answer) return offline;
  const data = { ...offline.data };
  const fieldMetadata = { ...offline.fieldMetadata };
  for (const field of fields) {
    const raw = answer[field.name];
    if (field.type === "table") {
      if (!Array.isArray(raw) || raw.length === 0) continue;
      const columns = field.columns ?? [];
      const rows: TableRow[] = raw.map((r) => Object.fromEntries(columns.map((c) => [c.name, normalise(c, (r as Record<string, unknown>)[c.name])])));
      data[field.name] = rows;
      const rowMeta = rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, valueMeta(model, c, row[c.name] ?? null)])));
      fieldMetadata[field.name] = { confidence: 0.75, source: rowMeta[0]?.[columns[0]?.name ?? ""]?.source ?? null, rows: rowMeta };
      continue;
    }
    const value = normalise(field, raw);
    if (value === null) continue;
    data[field.name] = value;
    fieldMetadata[field.name] = valueMeta(model, field, value);
  }
  return { data, fieldMetadata };
}
