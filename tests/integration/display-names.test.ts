import { beforeAll, describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, freshKey, seedTeam } from "../support/http";

/**
 * Names cannot spoof (contracts/common.ts): a right-to-left override makes "abc\u202Egpj.exe" read "abcexe.jpg"
 * in the console, a list or an e-mail. Over the real server: a parser created with one stores and returns the
 * clean name, an uploaded file whose name carries one becomes a document with a clean name while the stored file
 * keeps every byte, and a rename or a field name is cleaned the same way.
 */
let key = "";

beforeAll(async () => {
  key = (await freshKey(seedTeam("Acme").apiKey)).key;
});

async function createParser(name: string) {
  const created = await call<{ id: string; name: string }>("/api/v1/parsers", { key, body: { name, fields: [{ name: "total", type: "currency" }] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe("display names", () => {
  it("a parser named with a right-to-left override is stored and returned without it", async () => {
    const parser = await createParser("abc\u202Egpj.exe");
    expect(parser.name).toBe("abcgpj.exe");
    const read = await call<{ name: string }>(`/api/v1/parsers/${parser.id}`, { key });
    expect(read.body.name).toBe("abcgpj.exe");
    const listed = await call<{ data: { id: string; name: string }[] }>("/api/v1/parsers", { key });
    expect(listed.body.data.find((candidate) => candidate.id === parser.id)?.name).toBe("abcgpj.exe");
  });

  it("a name of nothing but controls is a 400, not an invisible parser", async () => {
    const refused = await call<{ error: boolean; message: string }>("/api/v1/parsers", { key, body: { name: "\u202E\u2066\u0007" } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(true);
  });

  it("an upload whose file name carries an override gets a clean name and keeps its bytes", async () => {
    const parser = await createParser(`Uploads ${Date.now()}`);
    const bytes = await textPdf(["Invoice Number: RLO-1", "Total: 12.00 EUR"]);
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "report\u202Egnp.pdf");
    const response = await fetch(`${baseUrl()}/api/v1/process/${parser.id}/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
    const uploaded = (await response.json()) as { result: { documentId: string; name: string; url: string }[] };
    expect(response.status, JSON.stringify(uploaded)).toBe(200);
    expect(uploaded.result[0]!.name).toBe("reportgnp.pdf");

    const document = await call<{ name: string; url: string | null }>(`/api/v1/parsers/${parser.id}/documents/${uploaded.result[0]!.documentId}`, { key });
    expect(document.body.name).toBe("reportgnp.pdf");
    const file = await fetch(new URL(document.body.url ?? uploaded.result[0]!.url, baseUrl()));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(bytes)), "the stored file is byte for byte the upload").toBe(true);
    expect(decodeURIComponent(file.headers.get("content-disposition") ?? "")).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);

    const renamed = await call<{ name: string }>(`/api/v1/parsers/${parser.id}/documents/${uploaded.result[0]!.documentId}`, {
      key,
      method: "PATCH",
      body: { name: "march\u2067\u202Efdp.exe\r\n" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("marchfdp.exe");
  });

  it("field and folder names are cleaned the same way", async () => {
    const parser = await createParser(`Names ${Date.now()}`);
    const field = await call<{ field: { name: string } }>(`/api/v1/parsers/${parser.id}/fields`, { key, body: { name: "vat\u202Eid", type: "text" } });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    expect(field.body.field.name).toBe("vatid");
    const folder = await call<{ name: string }>(`/api/v1/parsers/${parser.id}/folders`, { key, body: { name: "Paid\tMarch\u001B\u0007" } });
    expect(folder.status, JSON.stringify(folder.body)).toBe(201);
    expect(folder.body.name).toBe("Paid March");
  });
});
