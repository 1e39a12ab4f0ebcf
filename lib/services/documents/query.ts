import "server-only";
import { and, asc, desc, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { DocumentFilter, ListDocumentsQuery, SearchDocuments } from "@/lib/contracts/documents";
import { documentNumbers, documentReviewStages, documents } from "@/lib/db/schema";

/**
 * WHERE and ORDER BY of list and search, built from Drizzle `sql` templates: every value the caller gives is a
 * bound parameter, never spliced into the text. Shaped for the partial indexes on live documents
 * (`deleted_at is null`): (parser, created_at), (parser, status, created_at), (parser, folder, created_at),
 * trigram indexes for `q`, and a jsonb_path_ops index for `eq` filters. Tenancy: the parser was checked to be
 * the caller team's before any of this runs, and a document always belongs to its parser's team.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%` and `_` (and the escape itself) are literal in what the caller searches for. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type CommonFilters = Omit<ListDocumentsQuery, "page" | "limit" | "sort" | "q" | "folderId"> & { folderId?: string | null };

function commonConditions(parserId: string, filters: CommonFilters): (SQL | undefined)[] {
  return [
    eq(documents.parserId, parserId),
    isNull(documents.deletedAt),
    filters.status ? eq(documents.status, filters.status) : undefined,
    filters.folderId === null ? isNull(documents.folderId) : filters.folderId ? eq(documents.folderId, filters.folderId) : undefined,
    filters.assigneeId ? eq(documents.assigneeId, filters.assigneeId) : undefined,
    filters.externalId !== undefined ? eq(documents.externalId, filters.externalId) : undefined,
    filters.createdFrom ? gte(documents.createdAt, new Date(filters.createdFrom)) : undefined,
    filters.createdTo ? lte(documents.createdAt, new Date(filters.createdTo)) : undefined,
    filters.reviewStageId !== undefined ? reviewStageCondition(filters.reviewStageId) : undefined,
  ];
}

/**
 * Documents waiting at that stage now: in review with it as their current stage, whose row there is pending or in
 * progress. Later stages also have `pending` rows (not reached yet), so the row alone would match too much. A stage
 * id that is not a UUID matches nothing.
 */
function reviewStageCondition(stageId: string): SQL {
  if (!UUID.test(stageId)) return sql`false`;
  return and(
    eq(documents.status, "in_review"),
    eq(documents.currentStageId, stageId),
    sql`exists (select 1 from ${documentReviewStages} where ${documentReviewStages.documentId} = ${documents.id} and ${documentReviewStages.stageId} = ${stageId} and ${documentReviewStages.status} in ('pending', 'in_progress'))`,
  )!;
}

/** List: `q` matches the name or the external id (trigram indexes on both). */
export function listWhere(parserId: string, query: ListDocumentsQuery): SQL | undefined {
  const q = query.q ? likePattern(query.q) : undefined;
  return and(...commonConditions(parserId, query), q ? or(sql`${documents.name} ilike ${q}`, sql`${documents.externalId} ilike ${q}`) : undefined);
}

/** Search: `q` also matches extracted values (through `search_text`), and every filter must hold. */
export function searchWhere(parserId: string, body: SearchDocuments): SQL | undefined {
  const q = body.q ? likePattern(body.q) : undefined;
  return and(
    ...commonConditions(parserId, body),
    q ? or(sql`${documents.searchText} ilike ${q}`, sql`${documents.name} ilike ${q}`, sql`${documents.externalId} ilike ${q}`) : undefined,
    ...(body.filters ?? []).map((filter) => filterCondition(filter, parserId)),
  );
}

export function orderBy(sort: ListDocumentsQuery["sort"]): SQL[] {
  const [key, direction] = sort.split(".") as ["createdAt" | "updatedAt" | "name", "asc" | "desc"];
  const by = direction === "asc" ? asc : desc;
  return [by(documents[key]), by(documents.id)];
}

/**
 * One `{field, operator, value}` filter over the extracted data. `field` is a field name, or `table.column`
 * (deeper: `table.column.sub`) where any row of the table may match. Semantics:
 * - eq / neq: the same JSON value; a number also equals its decimal string and the reverse (`5` = `"5"`).
 *   Strings compare exactly (case-sensitive). `neq` holds when no value equals (a missing field too).
 * - contains: case-insensitive substring of the value's text.
 * - gt, gte, lt, lte: with a number, numeric comparison (values that are not numbers never match); with a string
 *   (ISO dates, `2024-01-31`), text comparison.
 * - exists: `value` true (the default) means present, not null and not empty; false the opposite.
 */
export function filterCondition(filter: DocumentFilter, parserId: string): SQL {
  const [head, ...rest] = filter.field.split(".");
  const field = head!;
  if (rest.length === 0) return numericRange({ filter, field, parserId }) ?? scalarCondition(filter, field);
  return tableCondition({ filter, field, column: rest });
}

type Operand = { text: SQL; json: SQL };

function jsonVariants({ field, value, column }: { field: string; value: string | number | boolean; column?: string[] }): string[] {
  const variants: unknown[] = [value];
  if (typeof value === "number") variants.push(String(value));
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim()) && Number.isFinite(Number(value))) variants.push(Number(value));
  return variants.map((variant) => {
    if (!column) return JSON.stringify({ [field]: variant });
    let cell: unknown = variant;
    for (const key of [...column].reverse()) cell = { [key]: cell };
    return JSON.stringify({ [field]: [cell] });
  });
}

function compare(operand: Operand, filter: DocumentFilter): SQL {
  const value = filter.value;
  switch (filter.operator) {
    case "eq":
    case "neq": {
      if (value === null || value === undefined) return sql`(${operand.json} is null or ${operand.json} = 'null'::jsonb)`;
      return sql`${operand.text} = ${String(value)}`;
    }
    case "contains":
      return sql`${operand.text} ilike ${likePattern(String(value ?? ""))}`;
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const op = sql.raw({ gt: ">", gte: ">=", lt: "<", lte: "<=" }[filter.operator]);
      if (typeof value === "number") {
        return sql`(case when ${operand.text} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then (${operand.text})::numeric end) ${op} ${value}`;
      }
      return sql`${operand.text} ${op} ${String(value ?? "")}`;
    }
    case "exists": {
      const present = sql`(${operand.text} is not null and ${operand.text} <> '' and ${operand.json} <> '[]'::jsonb and ${operand.json} <> '{}'::jsonb)`;
      return value === false ? sql`not coalesce(${present}, false)` : sql`coalesce(${present}, false)`;
    }
  }
}

const RANGE_OPERATORS = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/**
 * A number compared with a top-level field: answered by document_numbers (one row per numeric value, kept by a
 * trigger), whose (parser, field, value) index finds the few matches among 100k documents without reading their
 * data. Same semantics as `compare`: values that are not numbers never match.
 */
function numericRange({ filter, field, parserId }: { filter: DocumentFilter; field: string; parserId: string }): SQL | null {
  if (!(filter.operator in RANGE_OPERATORS) || typeof filter.value !== "number") return null;
  const op = sql.raw(RANGE_OPERATORS[filter.operator as keyof typeof RANGE_OPERATORS]);
  return sql`${documents.id} in (select ${documentNumbers.documentId} from ${documentNumbers} where ${documentNumbers.parserId} = ${parserId} and ${documentNumbers.field} = ${field} and ${documentNumbers.value} ${op} ${filter.value})`;
}

function scalarCondition(filter: DocumentFilter, field: string): SQL {
  const operand = { text: sql`(${documents.data} ->> ${field})`, json: sql`(${documents.data} -> ${field})` };
  if ((filter.operator === "eq" || filter.operator === "neq") && filter.value !== null && filter.value !== undefined) {
    // Containment (`data @> {"field": value}`) is what the jsonb_path_ops index answers.
    const contained = or(...jsonVariants({ field, value: filter.value }).map((json) => sql`${documents.data} @> ${json}::jsonb`))!;
    return filter.operator === "eq" ? contained : sql`not (${contained})`;
  }
  if (filter.operator === "neq") return sql`not coalesce(${compare(operand, { ...filter, operator: "eq" })}, false)`;
  const condition = compare(operand, filter);
  return filter.operator === "exists" ? condition : sql`coalesce(${condition}, false)`;
}

function tableCondition({ filter, field, column }: { filter: DocumentFilter; field: string; column: string[] }): SQL {
  if ((filter.operator === "eq" || filter.operator === "neq") && filter.value !== null && filter.value !== undefined) {
    const contained = or(...jsonVariants({ field, value: filter.value, column }).map((json) => sql`${documents.data} @> ${json}::jsonb`))!;
    return filter.operator === "eq" ? contained : sql`not (${contained})`;
  }
  const rows = sql`jsonb_array_elements(case when jsonb_typeof(${documents.data} -> ${field}) = 'array' then ${documents.data} -> ${field} else '[]'::jsonb end)`;
  const path = `{${column.map((key) => `"${key.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(",")}}`;
  const operand = { text: sql`(r.value #>> ${path}::text[])`, json: sql`(r.value #> ${path}::text[])` };
  const matchFilter = filter.operator === "neq" ? { ...filter, operator: "eq" as const } : filter;
  const exists = sql`exists (select 1 from ${rows} as r(value) where coalesce(${compare(operand, matchFilter)}, false))`;
  if (filter.operator === "neq") return sql`not ${exists}`;
  if (filter.operator === "exists" && filter.value === false) {
    return sql`not exists (select 1 from ${rows} as r(value) where coalesce(${compare(operand, { ...filter, value: true })}, false))`;
  }
  return exists;
}
