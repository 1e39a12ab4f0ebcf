import "server-only";
import { sql } from "drizzle-orm";
import type { FieldInput } from "@/lib/contracts/fields";
import type { Db } from "@/lib/db/client";

/**
 * Bench only (`npm run bench:exports`): the fields that match the documents `seedBenchDocuments` generates, and
 * field metadata in the engine's shape (`{confidence, source: {page, x, y, w, h}}`, tables with `rows`), so an
 * export with sources writes what a real one would. Not used by the app.
 */
export const BENCH_EXPORT_FIELDS: FieldInput[] = [
  { name: "vendor", type: "text" },
  { name: "invoice_number", type: "text" },
  { name: "total", type: "currency" },
  { name: "currency", type: "text" },
  { name: "invoice_date", type: "date" },
  {
    name: "items",
    type: "table",
    columns: [
      { name: "sku", type: "text" },
      { name: "description", type: "text" },
      { name: "qty", type: "number" },
      { name: "price", type: "currency" },
    ],
  },
];

export async function addBenchFieldMetadata(db: Db, parserId: string): Promise<void> {
  const box = (page: number, y: number) => sql`jsonb_build_object('confidence', 0.9 + (random() * 0.09)::numeric(3,2), 'source', jsonb_build_object('page', ${page}::int, 'x', 0.1, 'y', ${y}::float8, 'w', 0.3, 'h', 0.02))`;
  const cell = (y: number) => sql`jsonb_build_object('sku', ${box(1, y)}, 'description', ${box(1, y)}, 'qty', ${box(1, y)}, 'price', ${box(1, y)})`;
  await db.execute(sql`
    update documents set field_metadata = jsonb_build_object(
      'vendor', ${box(1, 0.05)}, 'invoice_number', ${box(1, 0.1)}, 'total', ${box(1, 0.8)}, 'currency', ${box(1, 0.8)}, 'invoice_date', ${box(1, 0.12)},
      'items', jsonb_build_object('confidence', 0.85, 'source', jsonb_build_object('page', 1, 'x', 0.05, 'y', 0.4, 'w', 0.9, 'h', 0.2), 'rows', jsonb_build_array(${cell(0.45)}, ${cell(0.5)})))
    where parser_id = ${parserId}::uuid`);
}
