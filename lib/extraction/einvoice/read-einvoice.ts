import type { EInvoice } from "./einvoice-types";
import { embeddedFiles } from "./embedded-files";
import { readCii } from "./read-cii";
import { readUbl } from "./read-ubl";
import { parseXml } from "./xml-tree";

/** The server setting EINVOICE_XML (on by default); benchmarks and evaluations set it off. */
export function einvoiceReadingEnabled(env: Partial<NodeJS.ProcessEnv> = process.env): boolean {
  return (env.EINVOICE_XML ?? "on").trim().toLowerCase() !== "off";
}

const XML_TYPES = new Set(["application/xml", "text/xml"]);

export function looksLikeXml(bytes: Uint8Array, mimeType: string, fileName = ""): boolean {
  if (XML_TYPES.has(mimeType.toLowerCase().split(";")[0]?.trim() ?? "") || /\.xml$/i.test(fileName)) return true;
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 200)).replace(/^\uFEFF/, "").trimStart();
  return head.startsWith("<?xml") || /^<([\w-]+:)?(CrossIndustryInvoice|CrossIndustryDocument|Invoice|CreditNote)\b/.test(head);
}

/** An XML document's e-invoice (CII or UBL), or null when it is neither. */
export function einvoiceFromXml(bytes: Uint8Array): EInvoice | null {
  const root = parseXml(new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, ""));
  if (!root) return null;
  return readCii(root) ?? readUbl(root);
}

/**
 * The structured e-invoice a file carries: the XML attached to a PDF (Factur-X, ZUGFeRD, XRechnung: attachments
 * named like XML first), or the file itself when it is a CII or UBL XML. Null for anything else.
 */
export async function readEInvoice(bytes: Uint8Array, type: string, fileName?: string): Promise<EInvoice | null> {
  if (type === "application/pdf") {
    const files = await embeddedFiles(bytes);
    files.sort((a, b) => Number(/\.xml$/i.test(b.name)) - Number(/\.xml$/i.test(a.name)));
    for (const file of files) {
      const einvoice = einvoiceFromXml(file.bytes);
      if (einvoice) return einvoice;
    }
    return null;
  }
  return looksLikeXml(bytes, type, fileName) ? einvoiceFromXml(bytes) : null;
}
