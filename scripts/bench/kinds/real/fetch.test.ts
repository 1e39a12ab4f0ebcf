import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mirrorGitDir, renderedEntry, sha256, withSpecs, type RealManifest, type Specs } from "./fetch";

const here = __dirname;
const manifest = JSON.parse(readFileSync(path.join(here, "manifest.json"), "utf8")) as RealManifest;
const specs = JSON.parse(readFileSync(path.join(here, "specs.json"), "utf8")) as Specs;

describe("real kinds dev set", () => {
  it("gives every document a ground truth whose fields its kind's spec defines", () => {
    for (const entry of manifest.documents) {
      const gt = JSON.parse(readFileSync(path.join(here, "gt", entry.ground_truth), "utf8")) as { kind: string; fields: Record<string, string> };
      expect(gt.kind).toBe(entry.kind);
      expect(() => withSpecs(gt, specs)).not.toThrow();
      expect(Object.keys(gt.fields).length).toBeGreaterThan(0);
    }
  });

  it("records provenance a fetch can check and stores no document", () => {
    expect(manifest.count).toBe(manifest.documents.length);
    for (const entry of manifest.documents) {
      expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.source_commit).toMatch(/^[0-9a-f]{40}$/);
      expect(entry.license.length).toBeGreaterThan(0);
    }
    const stored = readdirSync(path.join(here, "gt"), { recursive: true }).map(String);
    expect(stored.filter((f) => /\.(pdf|png|jpe?g)$/i.test(f))).toEqual([]);
  });

  it("keeps dates ISO and money plain decimals, so the type-aware scorer can compare them", () => {
    for (const entry of manifest.documents) {
      const gt = JSON.parse(readFileSync(path.join(here, "gt", entry.ground_truth), "utf8")) as { kind: string; fields: Record<string, string>; tables?: Record<string, Array<Record<string, string>>> };
      for (const [name, value] of Object.entries(gt.fields)) {
        const type = specs[gt.kind]?.find((f) => f.name === name)?.type;
        if (type === "date") expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (type === "currency") expect(value).toMatch(/^-?\d+\.\d{2}$/);
      }
      for (const [name, rows] of Object.entries(gt.tables ?? {})) {
        const columns = specs[gt.kind]?.find((f) => f.name === name)?.columns ?? [];
        for (const row of rows) {
          for (const [column, value] of Object.entries(row)) {
            const type = columns.find((c) => c.name === column)?.type;
            if (type === "date") expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
            if (type === "currency") expect(value).toMatch(/^-?\d+\.\d{2}$/);
          }
        }
      }
    }
  });
});

describe("withSpecs", () => {
  it("adds the kind's spec and refuses fields the spec does not name", () => {
    const s: Specs = { memo: [{ name: "subject", type: "text" }] };
    expect(withSpecs({ kind: "memo", fields: { subject: "Budget" } }, s).field_specs).toEqual(s.memo);
    expect(() => withSpecs({ kind: "memo", fields: { author: "X" } }, s)).toThrow(/author/);
    expect(() => withSpecs({ kind: "fax", fields: {} }, s)).toThrow(/fax/);
  });

  it("accepts a table whose rows use its table field's columns and refuses other tables or columns", () => {
    const s: Specs = { statement: [{ name: "transactions", type: "table", columns: [{ name: "date", type: "date" }, { name: "amount", type: "currency" }] }] };
    expect(() => withSpecs({ kind: "statement", fields: {}, tables: { transactions: [{ date: "2024-01-05", amount: "-5.50" }] } }, s)).not.toThrow();
    expect(() => withSpecs({ kind: "statement", fields: {}, tables: { transactions: [{ date: "2024-01-05", payee: "Shop" }] } }, s)).toThrow(/payee/);
    expect(() => withSpecs({ kind: "statement", fields: {}, tables: { fees: [{ amount: "1.00" }] } }, s)).toThrow(/fees/);
  });
});

describe("renderedEntry", () => {
  it("gives the page-1 rendering its own file and ground truth, the same values and split group", () => {
    const marked = manifest.documents.filter((e) => e.render_page1);
    expect(marked.length).toBeGreaterThan(0);
    const entry = marked[0]!;
    const gt = { kind: entry.kind, fields: { full_name: "X" }, notes: ["n"] };
    const rendered = renderedEntry(entry, gt);
    expect(rendered.entry.id).toBe(entry.id.replace(/\.pdf$/, ".png"));
    expect(rendered.entry.ground_truth).toBe(`${rendered.entry.id}.gt.json`);
    expect(rendered.entry.input).toBe("png-rendered");
    expect(rendered.entry.split_group).toBe(entry.split_group);
    expect(JSON.parse(JSON.stringify(rendered.entry))).not.toHaveProperty("render_page1");
    expect(rendered.gt.fields).toEqual(gt.fields);
    expect(rendered.gt.notes).toHaveLength(2);
  });
});

describe("mirrorGitDir", () => {
  it("finds a bare mirror and a work tree's .git, and nothing for a repository not mirrored", () => {
    const root = mkdtempSync(path.join(tmpdir(), "kinds-real-"));
    const bare = path.join(root, "owner+bare", "repo");
    mkdirSync(bare, { recursive: true });
    execFileSync("git", ["init", "--bare", "-q", bare]);
    const tree = path.join(root, "owner+tree", "repo");
    mkdirSync(tree, { recursive: true });
    execFileSync("git", ["init", "-q", tree]);
    expect(mirrorGitDir(root, "owner/bare")).toBe(bare);
    expect(mirrorGitDir(root, "owner/tree")).toBe(path.join(tree, ".git"));
    expect(mirrorGitDir(root, "owner/absent")).toBeNull();
    expect(sha256(new TextEncoder().encode("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
