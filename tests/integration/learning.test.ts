import { describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, seedMember, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * A parser that learns from its reviewers (issue 22): a saved correction and an approval teach it; the next document
 * of the same sender is read from what was taught; forgetting, deleting, team isolation, export and import.
 */
const { acme, globex } = keysPerTest();

/** "Vorgang" is no label the generic engine knows: only memory can read the reference beside it. */
const FIELDS = [
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "reference", type: "text", description: "Internal reference" },
  { name: "total", type: "number", description: "Total amount" },
];
const letter = (reference: string, total: string) => ["Nordwind Handel GmbH", "Hafenstrasse 12, 28195 Bremen", "IBAN DE89 3704 0044 0532 0130 00", `Vorgang ${reference}`, "Rechnung", `Gesamtbetrag ${total} EUR`];

type DataView = { data: Record<string, unknown>; metadata: { status: string; field_metadata: Record<string, { confidence: number; source: unknown; learned?: { match: string; anchor?: string; documentId: string | null } }> } };
type Memory = { examples: Array<{ id: string; documentId: string | null; taughtBy: string; fields: string[]; identifiers: string[] }> };

async function upload(parserId: string, lines: string[], key = acme()): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(lines))], { type: "application/pdf" }), `${unique("letter").replace(/\W+/g, "-")}.pdf`);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  const body = (await response.json()) as { result: { documentId: string }[] };
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.result[0]!.documentId;
}

async function settled(parserId: string, documentId: string, key = acme()): Promise<DataView> {
  let view: DataView | undefined;
  await expect
    .poll(
      async () => {
        view = (await call<DataView>(`/api/v1/process/${parserId}/files/data?documentId=${documentId}`, { key })).body;
        return view.metadata.status;
      },
      { timeout: 90_000, interval: 300 },
    )
    .toMatch(/^(processed|failed|skipped|in_review)$/);
  return view!;
}

async function correct(parserId: string, documentId: string, data: Record<string, unknown>, key = acme()) {
  const response = await call(`/api/v1/process/${parserId}/files/data`, { method: "PATCH", key, body: { documentId, data } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const memoryOf = async (parserId: string, key = acme()) => (await call<Memory>(`/api/v1/parsers/${parserId}/memory`, { key })).body;

/** A parser taught by one saved correction; returns it and the taught document. */
async function taughtParser() {
  const parser = await makeParser(acme(), { fields: FIELDS });
  const first = await upload(parser.id, letter("VG-10442", "119.00"));
  const view = await settled(parser.id, first);
  expect(view.data.reference ?? null).not.toBe("VG-10442"); // the engine alone does not know the label
  await correct(parser.id, first, { reference: "VG-10442", vendor_name: "Nordwind Handel GmbH", total: 119 });
  return { parser, first };
}

describe("teaching", () => {
  it("a saved correction teaches the parser, and the next document of the sender is read from it", async () => {
    const { parser, first } = await taughtParser();
    const memory = await memoryOf(parser.id);
    expect(memory.examples).toHaveLength(1);
    expect(memory.examples[0]).toMatchObject({ documentId: first, taughtBy: "correction" });
    expect(memory.examples[0]!.fields).toEqual(expect.arrayContaining(["reference", "total", "vendor_name"]));
    expect(memory.examples[0]!.identifiers).toContain("iban:DE89370400440532013000");

    const next = await settled(parser.id, await upload(parser.id, letter("VG-20917", "86.40")));
    expect(next.data.reference).toBe("VG-20917");
    expect(next.data.total).toBe(86.4);
    const reference = next.metadata.field_metadata.reference!;
    expect(reference.learned).toMatchObject({ match: "anchor", anchor: "Vorgang", documentId: first });
    expect(reference.source).not.toBeNull();
    expect(reference.confidence).toBeGreaterThan(0.8);
  });

  it("a document of another sender is not read from it", async () => {
    const { parser } = await taughtParser();
    const other = await settled(parser.id, await upload(parser.id, ["Sonnenschein Bakery Ltd", "12 Baker Street, London", "Invoice 5512", "Total 12.00 GBP"]));
    expect(other.data.reference ?? null).toBeNull();
    expect(Object.values(other.metadata.field_metadata).some((entry) => entry.learned)).toBe(false);
  });

  it("an approval teaches the parser", async () => {
    const admin = seedMember("Acme", "admin");
    const parser = await makeParser(acme(), { fields: FIELDS });
    const stage = await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: admin.id } });
    expect(stage.status).toBe(201);
    const first = await upload(parser.id, letter("VG-555", "10.00"));
    expect((await settled(parser.id, first)).metadata.status).toBe("in_review");
    await correct(parser.id, first, { reference: "VG-555" });
    const approved = await call(`/api/v1/parsers/${parser.id}/documents/${first}/review/approve`, { key: acme(), body: { reviewerId: admin.id } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const memory = await memoryOf(parser.id);
    expect(memory.examples).toHaveLength(1); // the approval replaced the correction's example of the same document
    expect(memory.examples[0]).toMatchObject({ documentId: first, taughtBy: "approval" });
    const next = await settled(parser.id, await upload(parser.id, letter("VG-777", "20.00")));
    expect(next.data.reference).toBe("VG-777");
  });
});

describe("accuracy from approved documents", () => {
  it("counts per field how often reviewers changed the value, and the straight-through rate by week", async () => {
    const admin = seedMember("Acme", "admin");
    const parser = await makeParser(acme(), { fields: FIELDS });
    expect((await call(`/api/v1/parsers/${parser.id}/review-stages`, { key: acme(), body: { name: "Check", reviewerId: admin.id } })).status).toBe(201);
    const corrected = await upload(parser.id, letter("VG-1", "10.00"));
    const untouched = await upload(parser.id, letter("VG-2", "20.00"));
    await settled(parser.id, corrected);
    await settled(parser.id, untouched);
    await correct(parser.id, corrected, { reference: "VG-1" });
    for (const id of [corrected, untouched]) {
      expect((await call(`/api/v1/parsers/${parser.id}/documents/${id}/review/approve`, { key: acme(), body: { reviewerId: admin.id } })).status).toBe(200);
    }
    const accuracy = await call<{ documents: number; straightThrough: number; straightThroughRate: number; fields: Array<{ name: string; changed: number; accuracy: number }>; weeks: Array<{ documents: number; straightThrough: number }> }>(`/api/v1/parsers/${parser.id}/accuracy`, { key: acme() });
    expect(accuracy.status).toBe(200);
    expect(accuracy.body).toMatchObject({ documents: 2, straightThrough: 1, straightThroughRate: 0.5 });
    expect(accuracy.body.fields.find((field) => field.name === "reference")).toMatchObject({ changed: 1, accuracy: 0.5 });
    expect(accuracy.body.fields.find((field) => field.name === "total")).toMatchObject({ changed: 0, accuracy: 1 });
    expect(accuracy.body.weeks).toEqual([expect.objectContaining({ documents: 2, straightThrough: 1 })]);
    expect((await call(`/api/v1/parsers/${parser.id}/accuracy`, { key: globex() })).status).toBe(404);
  });
});

describe("forgetting", () => {
  it("'forget this document' removes what it taught, and the document stays", async () => {
    const { parser, first } = await taughtParser();
    const forgotten = await call(`/api/v1/parsers/${parser.id}/memory/documents/${first}`, { method: "DELETE", key: acme() });
    expect(forgotten.status).toBe(200);
    expect(forgotten.body).toEqual({ success: true, forgotten: 1 });
    expect((await memoryOf(parser.id)).examples).toEqual([]);
    expect((await call(`/api/v1/parsers/${parser.id}/documents/${first}`, { key: acme() })).status).toBe(200);
    const next = await settled(parser.id, await upload(parser.id, letter("VG-31337", "5.00")));
    expect(next.data.reference ?? null).not.toBe("VG-31337");
  });

  it("a deleted document is forgotten, and so is a deleted parser's memory", async () => {
    const { parser, first } = await taughtParser();
    expect((await call(`/api/v1/parsers/${parser.id}/documents/${first}`, { method: "DELETE", key: acme() })).status).toBe(200);
    expect((await memoryOf(parser.id)).examples).toEqual([]);

    const again = await taughtParser();
    expect((await call(`/api/v1/parsers/${again.parser.id}`, { method: "DELETE", key: acme() })).status).toBe(200);
    expect((await call(`/api/v1/parsers/${again.parser.id}/memory`, { key: acme() })).status).toBe(404);
  });
});

describe("isolation between teams", () => {
  it("another team's parser memory is a 404 on every memory route", async () => {
    const { parser, first } = await taughtParser();
    const exported = (await call<Record<string, unknown>>(`/api/v1/parsers/${parser.id}/memory/export`, { key: acme() })).body;
    const probes = [
      call(`/api/v1/parsers/${parser.id}/memory`, { key: globex() }),
      call(`/api/v1/parsers/${parser.id}/memory/export`, { key: globex() }),
      call(`/api/v1/parsers/${parser.id}/memory/import`, { key: globex(), body: exported }),
      call(`/api/v1/parsers/${parser.id}/memory/documents/${first}`, { method: "DELETE", key: globex() }),
    ];
    for (const response of await Promise.all(probes)) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: true });
    }
    expect((await memoryOf(parser.id)).examples).toHaveLength(1);
  });
});

describe("export and import", () => {
  it("moves a parser's memory to another parser as JSON", async () => {
    const { parser } = await taughtParser();
    const exported = await call<{ format: string; version: number; examples: unknown[] }>(`/api/v1/parsers/${parser.id}/memory/export`, { key: acme() });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: "quarry-parser-memory", version: 1 });
    expect(exported.body.examples).toHaveLength(1);

    const target = await makeParser(globex(), { fields: FIELDS });
    const imported = await call(`/api/v1/parsers/${target.id}/memory/import`, { key: globex(), body: exported.body });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual({ success: true, imported: 1 });
    expect((await memoryOf(target.id, globex())).examples[0]).toMatchObject({ documentId: null, taughtBy: "import" });
    const next = await settled(target.id, await upload(target.id, letter("VG-4242", "42.00"), globex()), globex());
    expect(next.data.reference).toBe("VG-4242");
  });

  it("moves what a table and a multi-line address taught too (column offsets, the address's printed lines)", async () => {
    const fields = [
      { name: "vendor_address", type: "address", description: "Vendor address" },
      { name: "line_items", type: "table", columns: [{ name: "description", type: "text" }, { name: "amount", type: "number" }] },
    ];
    const parser = await makeParser(acme(), { fields });
    const lines = ["Nordwind Handel GmbH", "Hafenstrasse 12", "Hof 3", "28195 Bremen", "Rechnung", "Blue pens 12.00", "Copy paper 5.50", "Gesamtbetrag 17.50 EUR"];
    const first = await upload(parser.id, lines);
    await settled(parser.id, first);
    const address = "Hafenstrasse 12 Hof 3 28195 Bremen";
    await correct(parser.id, first, { vendor_address: address, line_items: [{ description: "Blue pens", amount: 12 }, { description: "Copy paper", amount: 5.5 }] });
    type Exported = { examples: Array<{ evidence: { fields: Record<string, { lineTexts?: string[] }>; tables: Record<string, { reference?: string; columns: Array<{ dy?: number }> }> } }> };
    const exported = await call<Exported>(`/api/v1/parsers/${parser.id}/memory/export`, { key: acme() });
    const evidence = exported.body.examples[0]!.evidence;
    expect(evidence.fields.vendor_address!.lineTexts).toEqual(["Hafenstrasse 12", "Hof 3", "28195 Bremen"]);
    expect(evidence.tables.line_items).toMatchObject({ reference: "amount" });
    expect(evidence.tables.line_items!.columns.every((column) => typeof column.dy === "number")).toBe(true);

    const target = await makeParser(acme(), { fields });
    const imported = await call(`/api/v1/parsers/${target.id}/memory/import`, { key: acme(), body: exported.body });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const again = await call<Exported>(`/api/v1/parsers/${target.id}/memory/export`, { key: acme() });
    expect(again.body.examples[0]!.evidence).toEqual(evidence);
  });

  it("refuses a malformed memory file with 400", async () => {
    const parser = await makeParser(acme(), { fields: FIELDS });
    const bad = await call(`/api/v1/parsers/${parser.id}/memory/import`, { key: acme(), body: { format: "quarry-parser-memory", version: 1, exportedAt: "x", examples: [{ taughtBy: "x", taughtAt: "not a date", fingerprint: {}, evidence: {} }] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: true });
  });
});
