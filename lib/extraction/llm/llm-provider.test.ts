import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import type { FieldDefinition, ValueMetadata } from "../types";
import { refineWithLlm } from "./llm-provider";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text" },
  { name: "invoice_date", type: "date" },
  { name: "total_amount", type: "number" },
  { name: "line_items", type: "table", columns: [{ name: "description", type: "text" }, { name: "amount", type: "number" }] },
];
const model = { pages: textToPages("ACME Ltd\nInvoice INV-9 dated 3 March 2024\nWidget   12.50\nTotal due   12.50\n") };
const offline = { data: { invoice_number: "offline", invoice_date: null, total_amount: null, line_items: [] }, fieldMetadata: {} };

type Reply = { status: number; delayMs?: number; content?: unknown };
let reply: Reply = { status: 200 };
let lastRequest: Record<string, unknown> = {};
let server: Server;
let baseUrl = "";

beforeAll(async () => {
  // A minimal OpenAI-compatible chat-completions server.
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      lastRequest = JSON.parse(body) as Record<string, unknown>;
      setTimeout(() => {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(reply.content) } }] }));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("refineWithLlm", () => {
  it("sends a JSON schema of the fields and locates the answers on the page", async () => {
    reply = { status: 200, content: { invoice_number: "INV-9", invoice_date: "2024-03-03", total_amount: 12.5, line_items: [{ description: "Widget", amount: 12.5 }] } };
    const result = await refineWithLlm(model, FIELDS, offline, { baseUrl });
    expect(result.data).toEqual({ invoice_number: "INV-9", invoice_date: "2024-03-03", total_amount: 12.5, line_items: [{ description: "Widget", amount: 12.5 }] });
    const meta = result.fieldMetadata.invoice_number as ValueMetadata;
    expect(meta.source?.page).toBe(1);
    expect(meta.confidence).toBeGreaterThan(0.8);
    const format = lastRequest.response_format as { type: string; json_schema: { schema: { required: string[] } } };
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.schema.required).toEqual(["invoice_number", "invoice_date", "total_amount", "line_items"]);
  });

  it("marks answers that are not on the page with a low confidence", async () => {
    reply = { status: 200, content: { invoice_number: "MADE-UP", invoice_date: null, total_amount: null, line_items: [] } };
    const result = await refineWithLlm(model, FIELDS, offline, { baseUrl });
    expect((result.fieldMetadata.invoice_number as ValueMetadata).source).toBeNull();
    expect((result.fieldMetadata.invoice_number as ValueMetadata).confidence).toBeLessThan(0.6);
  });

  it("falls back to the offline result on errors and timeouts", async () => {
    reply = { status: 500 };
    expect(await refineWithLlm(model, FIELDS, offline, { baseUrl })).toBe(offline);
    reply = { status: 200, delayMs: 500, content: { invoice_number: "late" } };
    expect(await refineWithLlm(model, FIELDS, offline, { baseUrl, timeoutMs: 50 })).toBe(offline);
    reply = { status: 200, content: "not json {" };
    expect(await refineWithLlm(model, FIELDS, offline, { baseUrl })).toBe(offline);
  });
});
