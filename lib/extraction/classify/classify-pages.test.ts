import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import { classifyPages, labelsWithInstructions } from "./classify-pages";

const model = { pages: textToPages("ACME Ltd\nINVOICE\nInvoice number 42\nTotal due 12.50\n") };
const labels = [{ name: "Invoice" }, { name: "Receipt" }];

let reply: { status: number; content: unknown } = { status: 200, content: null };
let lastRequest: Record<string, unknown> = {};
let server: Server;
let baseUrl = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      lastRequest = JSON.parse(body) as Record<string, unknown>;
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(reply.content) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("classifyPages", () => {
  it("uses the offline classifier without a model", async () => {
    expect(await classifyPages(model, labels, { llm: null })).toMatchObject({ label: "Invoice", engine: "offline" });
  });

  it("takes the model's label, constrained to the labels and none", async () => {
    reply = { status: 200, content: { label: "receipt", reason: "It is a till slip." } };
    const result = await classifyPages(model, labels, { llm: { baseUrl }, instructions: "Receipts are till slips" });
    expect(result).toMatchObject({ label: "Receipt", engine: "llm" });
    expect(result.reason).toContain("till slip");
    const format = lastRequest.response_format as { json_schema: { schema: { properties: { label: { enum: string[] } } } } };
    expect(format.json_schema.schema.properties.label.enum).toEqual(["Invoice", "Receipt", "none"]);
    expect(JSON.stringify(lastRequest.messages)).toContain("Receipts are till slips");
  });

  it("answers no label when the model says none, and falls back offline when it fails", async () => {
    reply = { status: 200, content: { label: "none", reason: "A letter." } };
    expect(await classifyPages(model, labels, { llm: { baseUrl } })).toMatchObject({ label: null, engine: "llm" });
    reply = { status: 500, content: null };
    expect(await classifyPages(model, labels, { llm: { baseUrl } })).toMatchObject({ label: "Invoice", engine: "offline" });
    reply = { status: 200, content: { label: "Contract", reason: "?" } };
    expect(await classifyPages(model, labels, { llm: { baseUrl } })).toMatchObject({ label: "Invoice", engine: "offline" });
  });
});

describe("labelsWithInstructions", () => {
  it("gives each label the sentences that name it", () => {
    expect(labelsWithInstructions(["Invoice", "Receipts"], "Invoices say 'Rechnung'. Receipts say 'Kassenbon'. Be careful.")).toEqual([
      { name: "Invoice", instructions: "Invoices say 'Rechnung'." },
      { name: "Receipts", instructions: "Receipts say 'Kassenbon'." },
    ]);
    expect(labelsWithInstructions(["Invoice"], "")).toEqual([{ name: "Invoice" }]);
  });
});
