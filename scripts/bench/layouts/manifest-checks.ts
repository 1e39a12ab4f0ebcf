// Checks every invoice set in the invoices-dev format shares (the held-out layouts, the tuning set): provenance a
// fetch can verify, no stored document, only the invoice parser's names, values written as the scorer compares them.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { FIELDS } from "../dataset";
import type { LayoutManifest } from "./fetch";

type Gt = { fields: Record<string, string>; tables?: { line_items?: Array<Record<string, string>> }; split_group: string };

const FIELD_NAMES = new Set(FIELDS.map((f) => f.name));
const COLUMNS = new Set(FIELDS.find((f) => f.name === "line_items")?.columns?.map((c) => c.name) ?? []);
const DATES = new Set(["invoice_date", "due_date"]);
const AMOUNTS = new Set(["total_amount", "subtotal_amount", "tax_amount", "amount_due"]);
const NUMERIC_COLUMNS = new Set(["position", "quantity", "unit_price", "discount_percent", "tax_rate", "amount"]);

export function readManifest(dir: string): LayoutManifest {
  return JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as LayoutManifest;
}

/**
 * Declares, inside the caller's `describe`, that the set in `dir` shares no repository, document or sender group with
 * the sets in `otherDirs` (paths relative to scripts/bench): a tuning set must not leak into the held-out set or into
 * another tuning set it is meant to measure afresh.
 */
export function checkDisjointFrom(dir: string, otherDirs: readonly string[]): void {
  it(`shares no repository, document or sender group with ${otherDirs.join(", ")}`, () => {
    const manifest = readManifest(dir);
    const others = otherDirs.map((other) => readManifest(path.join(__dirname, "..", other)));
    const repos = new Set(others.flatMap((m) => m.documents.map((e) => e.source_repo)));
    const hashes = new Set(others.flatMap((m) => m.documents.map((e) => e.sha256)));
    const groups = new Set(others.flatMap((m) => m.documents.map((e) => e.split_group)));
    for (const entry of manifest.documents) {
      expect(repos.has(entry.source_repo), entry.id).toBe(false);
      expect(hashes.has(entry.sha256), entry.id).toBe(false);
      expect(groups.has(entry.split_group), entry.id).toBe(false);
    }
  });
}

/** Declares, inside the caller's `describe`, the checks every set's manifest and ground truth must pass. */
export function checkInvoiceSet(dir: string): void {
  const manifest = readManifest(dir);
  const readGt = (file: string): Gt => JSON.parse(readFileSync(path.join(dir, "gt", file), "utf8")) as Gt;

  it("records provenance a fetch can check, one split group per sender, and stores no document", () => {
    expect(manifest.count).toBe(manifest.documents.length);
    expect(new Set(manifest.documents.map((e) => e.id)).size).toBe(manifest.documents.length);
    for (const entry of manifest.documents) {
      expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.source_commit).toMatch(/^[0-9a-f]{40}$/);
      expect(entry.license.length).toBeGreaterThan(0);
      expect(readGt(entry.ground_truth).split_group).toBe(entry.split_group);
    }
    const stored = readdirSync(path.join(dir, "gt"), { recursive: true }).map(String);
    expect(stored.filter((f) => /\.(pdf|png|jpe?g)$/i.test(f))).toEqual([]);
  });

  it("uses only the invoice parser's fields and line-item columns", () => {
    for (const entry of manifest.documents) {
      const gt = readGt(entry.ground_truth);
      expect(Object.keys(gt.fields).filter((name) => !FIELD_NAMES.has(name))).toEqual([]);
      for (const row of gt.tables?.line_items ?? []) expect(Object.keys(row).filter((c) => !COLUMNS.has(c))).toEqual([]);
    }
  });

  it("writes dates as ISO days, totals as plain decimals with two places and numeric cells as plain numbers", () => {
    for (const entry of manifest.documents) {
      const gt = readGt(entry.ground_truth);
      for (const [name, value] of Object.entries(gt.fields)) {
        if (DATES.has(name)) expect(value, `${entry.id} ${name}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (AMOUNTS.has(name)) expect(value, `${entry.id} ${name}`).toMatch(/^-?\d+\.\d{2}$/);
        if (name === "currency") expect(value).toMatch(/^[A-Z]{3}$/);
      }
      for (const row of gt.tables?.line_items ?? []) {
        for (const [column, value] of Object.entries(row)) {
          if (NUMERIC_COLUMNS.has(column)) expect(value, `${entry.id} ${column}`).toMatch(/^-?\d+(\.\d+)?$/);
        }
      }
    }
  });
}
