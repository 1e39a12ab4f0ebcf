// Quarry quickstart in TypeScript: npm install openapi-fetch standardwebhooks && npm install -D openapi-typescript
// Generate the types from your deployment first:
//   npx openapi-typescript https://quarry.example.com/api/v1/openapi.json -o quarry-api.d.ts
import createClient from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import type { paths, webhooks } from "./quarry-api";

export type Quarry = ReturnType<typeof quarryClient>;
type DocumentEvent = NonNullable<webhooks["document.processed"]["post"]>["requestBody"]["content"]["application/json"];

/** Extraction is over once a document has any status but these (a long poll answers then). */
const EXTRACTING = ["uploading", "queued", "processing"];

export function quarryClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl: `${baseUrl}/api/v1`, headers: { authorization: `Bearer ${apiKey}` } });
}

/** 1. A parser: the fields to extract. */
export async function createInvoiceParser(quarry: Quarry): Promise<string> {
  const { data, error } = await quarry.POST("/parsers", {
    body: {
      name: "Invoices",
      fields: [
        { name: "invoice_number", type: "text", description: "The invoice's number" },
        { name: "total", type: "currency", description: "The amount due, taxes included" },
      ],
    },
  });
  if (error) throw new Error(error.message);
  return data.id;
}

/** 2. Upload a file (multipart); keep the `documentId` of each result. */
export async function uploadFile(quarry: Quarry, parserId: string, file: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append("file", file, fileName);
  const { data, error } = await quarry.POST("/process/{parserId}/files", {
    params: { path: { parserId } },
    // The parts travel in `form` (fetch sets the multipart boundary); `body` only satisfies the generated type.
    body: { file: [] },
    bodySerializer: () => form,
  });
  if (error) throw new Error(error.message);
  return data.result[0]!.documentId;
}

/** 3. Wait for the result: a long poll of up to 60 s a request, asked again while extraction is not over. */
export async function waitForDocument(quarry: Quarry, parserId: string, documentId: string) {
  for (;;) {
    const { data, error } = await quarry.GET("/parsers/{parserId}/documents/{documentId}", {
      params: { path: { parserId, documentId }, query: { wait: 60 } },
    });
    if (error) throw new Error(error.message);
    if (!EXTRACTING.includes(data.status)) return data;
  }
}

/** 4. Read the extracted data: values by field name. */
export async function readData(quarry: Quarry, parserId: string, documentId: string) {
  const { data, error } = await quarry.GET("/process/{parserId}/files/data", { params: { path: { parserId }, query: { documentId } } });
  if (error) throw new Error(error.message);
  return data.data;
}

/** 5. Export as CSV: not JSON, so tell openapi-fetch to read text. */
export async function exportCsv(quarry: Quarry, parserId: string): Promise<string> {
  const { data, error } = await quarry.POST("/parsers/{parserId}/export", { params: { path: { parserId } }, body: { format: "csv" }, parseAs: "text" });
  if (error) throw new Error(error.message);
  // The generated type lists every format's body; with parseAs "text" it is the file's text.
  if (typeof data !== "string") throw new Error("Expected CSV text");
  return data;
}

/** 6. A webhook: verify the signature on the raw body before trusting it (throws when it does not match). */
export function verifyWebhook(secret: string, rawBody: string, headers: Record<string, string>): DocumentEvent {
  return new Webhook(secret).verify(rawBody, headers) as DocumentEvent;
}
