import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/**
 * Bench only (`npm run bench:documents`): inserts `count` processed-looking documents into one parser with one
 * INSERT … SELECT per batch, generating realistic extracted data in SQL (vendor, invoice number, dates, totals,
 * line items), `search_text` as the pipeline writes it, a spread of statuses and folders. Not used by the app.
 */
export const BENCH_VENDORS = [
  "Acme Corporation", "Globex Corporation", "Initech", "Umbrella Corp", "Stark Industries", "Wayne Enterprises", "Wonka Industries",
  "Cyberdyne Systems", "Soylent Corp", "Hooli", "Pied Piper", "Vandelay Industries", "Tyrell Corporation", "Massive Dynamic",
  "Aperture Science", "Black Mesa", "Oscorp", "Gringotts", "Monsters Inc", "Dunder Mifflin",
];

export async function seedBenchDocuments(
  db: Db,
  input: { teamId: string; parserId: string; folderIds: string[]; count: number; batch?: number; onProgress?: (done: number) => void },
): Promise<void> {
  const batch = input.batch ?? 10_000;
  const vendors = `{${BENCH_VENDORS.map((vendor) => `"${vendor}"`).join(",")}}`;
  const folders = `{${input.folderIds.join(",")}}`;
  for (let start = 0; start < input.count; start += batch) {
    const end = Math.min(input.count, start + batch);
    await db.execute(sql`
      with g as (
        select i,
          (${vendors}::text[])[1 + (i * 7) % ${BENCH_VENDORS.length}] as vendor,
          'INV-' || lpad(i::text, 7, '0') as invoice,
          round(((i * 7919) % 1000000) / 100.0, 2) as total,
          to_char(date '2024-01-01' + (i % 600), 'YYYY-MM-DD') as invoice_date,
          'SKU-' || lpad(((i * 31) % 5000)::text, 4, '0') as sku1,
          'SKU-' || lpad(((i * 17) % 5000)::text, 4, '0') as sku2
        from generate_series(${start + 1}::int, ${end}::int) as i
      )
      insert into documents (team_id, parser_id, folder_id, name, external_id, status, source, content_type, page_count, data, field_metadata, search_text, created_at, updated_at, processed_at)
      select ${input.teamId}::uuid, ${input.parserId}::uuid,
        case when ${input.folderIds.length}::int = 0 or i % 4 = 0 then null else (${folders}::uuid[])[1 + i % greatest(${input.folderIds.length}::int, 1)] end,
        'invoice-' || lpad(i::text, 7, '0') || '.pdf',
        'ERP-' || i,
        case when i % 20 = 0 then 'failed' when i % 20 = 1 then 'in_review' when i % 50 = 2 then 'queued' else 'processed' end,
        'api', 'application/pdf', 1 + i % 4,
        jsonb_build_object('vendor', vendor, 'invoice_number', invoice, 'total', total, 'currency', 'EUR', 'invoice_date', invoice_date,
          'items', jsonb_build_array(jsonb_build_object('sku', sku1, 'description', 'Widget ' || sku1, 'qty', 1 + i % 9, 'price', round(total / 3, 2)),
                                     jsonb_build_object('sku', sku2, 'description', 'Service ' || sku2, 'qty', 1, 'price', round(total / 3, 2)))),
        jsonb_build_object('vendor', jsonb_build_object('confidence', 0.97, 'page', 1, 'box', jsonb_build_object('x', 0.1, 'y', 0.08, 'w', 0.3, 'h', 0.03))),
        lower(concat_ws(E'\n', 'invoice-' || lpad(i::text, 7, '0') || '.pdf', 'ERP-' || i, vendor, invoice, total::text, 'EUR', invoice_date,
          sku1, 'Widget ' || sku1, sku2, 'Service ' || sku2)),
        timestamptz '2024-01-01' + (i || ' minutes')::interval,
        timestamptz '2024-01-01' + (i || ' minutes')::interval + interval '30 seconds',
        timestamptz '2024-01-01' + (i || ' minutes')::interval + interval '30 seconds'
      from g`);
    input.onProgress?.(end);
  }
  await db.execute(sql`vacuum analyze documents`);
}
