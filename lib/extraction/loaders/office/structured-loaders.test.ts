import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import ExcelJS from "exceljs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition, type TableRow as Row } from "../../index";
import { SenderRejectedError, splitConversation } from "../email/email";
import { parseCsv } from "./structured-loaders";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text" },
  { name: "total_amount", type: "number" },
  {
    name: "line_items",
    type: "table",
    columns: [
      { name: "description", type: "text" },
      { name: "quantity", type: "number" },
      { name: "amount", type: "number" },
    ],
  },
];

const ITEMS = [
  ["Description", "Qty", "Amount"],
  ["Blue widget", "2", "20.00"],
  ["Red gadget", "1", "15.50"],
];
const EXPECTED_ROWS: Row[] = [
  { description: "Blue widget", quantity: 2, amount: 20 },
  { description: "Red gadget", quantity: 1, amount: 15.5 },
];

describe("structured loaders", () => {
  it("reads HTML with a table", async () => {
    const html = `<html><head><style>p{}</style></head><body><h1>Invoice</h1><p>Invoice number: H-1</p>
      <table>${ITEMS.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("")}</table>
      <p>Total: 35.50</p><script>ignored()</script></body></html>`;
    const result = await extractDocument({ bytes: new TextEncoder().encode(html), mimeType: "text/html", fields: FIELDS });
    expect(result.data).toMatchObject({ invoice_number: "H-1", total_amount: 35.5, line_items: EXPECTED_ROWS });
    expect(result.markdown).not.toContain("ignored");
    expect(result.markdown).toContain("| Description | Qty | Amount |");
  });

  it("keeps HTML lists as markdown list items", async () => {
    const html = "<h2>Terms</h2><ul><li>Net 30 days</li><li>No returns</li></ul><p>Thanks</p>";
    const result = await extractDocument({ bytes: new TextEncoder().encode(html), mimeType: "text/html", fields: [] });
    expect(result.markdown).toContain("- Net 30 days\n- No returns");
    expect(result.markdown).toContain("Thanks");
  });

  it("reads DOCX (mammoth) with a table", async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun("Invoice number: D-7")] }),
            new Table({ rows: ITEMS.map((r) => new TableRow({ children: r.map((c) => new TableCell({ children: [new Paragraph(c)] })) })) }),
            new Paragraph({ children: [new TextRun("Total: 35.50")] }),
          ],
        },
      ],
    });
    const bytes = new Uint8Array(await Packer.toBuffer(doc));
    const result = await extractDocument({ bytes, mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", fields: FIELDS });
    expect(result.data).toMatchObject({ invoice_number: "D-7", total_amount: 35.5, line_items: EXPECTED_ROWS });
  });

  it("reads XLSX (one page per sheet)", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Items");
    sheet.addRow(["Invoice number:", "X-42"]);
    sheet.addRow([]);
    for (const r of ITEMS) sheet.addRow(r.map((c, i) => (i > 0 && /\d/.test(c) ? Number(c) : c)));
    workbook.addWorksheet("Notes").addRow(["Nothing here"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const result = await extractDocument({ bytes, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", fields: FIELDS });
    expect(result.pages.pages).toHaveLength(2);
    expect(result.data.invoice_number).toBe("X-42");
    expect(result.data.line_items).toEqual([
      { description: "Blue widget", quantity: 2, amount: 20 },
      { description: "Red gadget", quantity: 1, amount: 15.5 },
    ]);
  });

  it("parses CSV with quotes and guessed delimiters", () => {
    expect(parseCsv('a;b\n"x;1";"say ""hi"""\n')).toEqual([["a", "b"], ["x;1", 'say "hi"']]);
    expect(parseCsv("q,r\r\n1,2")).toEqual([["q", "r"], ["1", "2"]]);
  });
});

async function invoicePdf(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([400, 400]).drawText("Invoice number: PDF-9", { x: 30, y: 350, size: 11, font });
  return Buffer.from(await pdf.save()).toString("base64");
}

async function eml(from: string): Promise<Uint8Array> {
  const body = [
    "Please find the invoice attached. Total: 99.00",
    "",
    "On Mon, 3 Jun 2024 at 10:00, Bob <bob@example.org> wrote:",
    "> Can you send the invoice?",
  ].join("\r\n");
  const text = [
    `From: Alice <${from}>`,
    "To: bob@example.org",
    "Subject: Invoice INV-55",
    "Date: Tue, 4 Jun 2024 09:00:00 +0000",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="XYZ"',
    "",
    "--XYZ",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "--XYZ",
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    await invoicePdf(),
    "--XYZ--",
    "",
  ].join("\r\n");
  return new TextEncoder().encode(text);
}

describe("e-mail loader", () => {
  it("makes one page per message, newest first, then the attachments", async () => {
    const result = await extractDocument({ bytes: await eml("alice@vendor.com"), mimeType: "message/rfc822", fields: FIELDS.slice(0, 2) });
    expect(result.pages.pages).toHaveLength(3);
    expect(result.pages.title).toBe("Invoice INV-55");
    const pageText = (n: number) => result.pages.pages[n]?.blocks.flatMap((b) => b.lines.map((l) => l.text)).join(" ") ?? "";
    expect(pageText(0)).toContain("Subject: Invoice INV-55");
    expect(pageText(1)).toContain("Can you send the invoice?");
    expect(pageText(2)).toContain("PDF-9");
    expect(result.data.total_amount).toBe(99);
  });

  it("honours parsePages for the conversation and the attachment settings", async () => {
    const result = await extractDocument({
      bytes: await eml("alice@vendor.com"),
      mimeType: "message/rfc822",
      fields: FIELDS.slice(0, 1),
      settings: { parsePages: "1", emailParsing: { mergeEmailAttachments: false } },
    });
    expect(result.pages.pages).toHaveLength(1);
  });

  it("applies the sender filter", async () => {
    const settings = { emailParsing: { senderFilter: { mode: "allow", rules: [{ type: "domain" as const, value: "vendor.com" }] } } };
    await expect(extractDocument({ bytes: await eml("eve@other.net"), mimeType: "message/rfc822", fields: [], settings })).rejects.toBeInstanceOf(SenderRejectedError);
    const ok = await extractDocument({ bytes: await eml("alice@vendor.com"), mimeType: "message/rfc822", fields: [], settings });
    expect(ok.pages.pages.length).toBeGreaterThan(0);
  });

  it("splits quoted conversations", () => {
    expect(splitConversation("new\n\nOn Mon, 1 Jan 2024 at 10:00, X wrote:\n> old\n")).toEqual(["new", "On Mon, 1 Jan 2024 at 10:00, X wrote:\nold"]);
  });
});
