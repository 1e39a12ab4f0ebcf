import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from "pdf-lib";

export type EmbeddedFile = { name: string; bytes: Uint8Array };

/** An e-invoice XML is a few hundred KB at most; anything far larger is not one and is not inflated. */
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const MAX_FILES = 20;

/**
 * An embedded file's stream dictionary is never inside an object stream (streams cannot be), and Factur-X and
 * ZUGFeRD require `/Type /EmbeddedFile` on it: a PDF without those bytes has no attachment to read, and pays
 * nothing more than one byte search.
 */
function mayHaveAttachments(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("EmbeddedFile");
}

function decodeName(value: PDFObject | undefined): string | null {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  return null;
}

/** The file specifications of the document's EmbeddedFiles name tree and of its associated files (`/AF`). */
function fileSpecs(doc: PDFDocument): PDFDict[] {
  const specs: PDFDict[] = [];
  const seen = new Set<PDFDict>();
  const add = (value: PDFObject | undefined) => {
    const spec = value ? doc.context.lookup(value) : undefined;
    if (spec instanceof PDFDict && !seen.has(spec) && specs.length < MAX_FILES) {
      seen.add(spec);
      specs.push(spec);
    }
  };
  const walk = (node: PDFObject | undefined, depth: number) => {
    const dict = node ? doc.context.lookup(node) : undefined;
    if (!(dict instanceof PDFDict) || depth > 8) return;
    const names = dict.lookup(PDFName.of("Names"));
    if (names instanceof PDFArray) for (let i = 1; i < names.size(); i += 2) add(names.get(i));
    const kids = dict.lookup(PDFName.of("Kids"));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i += 1) walk(kids.get(i), depth + 1);
  };
  const catalogNames = doc.catalog.lookup(PDFName.of("Names"));
  if (catalogNames instanceof PDFDict) walk(catalogNames.get(PDFName.of("EmbeddedFiles")), 0);
  const af = doc.catalog.lookup(PDFName.of("AF"));
  if (af instanceof PDFArray) for (let i = 0; i < af.size(); i += 1) add(af.get(i));
  return specs;
}

/** The files attached to a PDF (name and decoded bytes); none when it has none or cannot be parsed. */
export async function embeddedFiles(bytes: Uint8Array): Promise<EmbeddedFile[]> {
  if (!mayHaveAttachments(bytes)) return [];
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return [];
  }
  const out: EmbeddedFile[] = [];
  for (const spec of fileSpecs(doc)) {
    const name = decodeName(spec.lookup(PDFName.of("UF"))) ?? decodeName(spec.lookup(PDFName.of("F"))) ?? "";
    const ef = spec.lookup(PDFName.of("EF"));
    if (!(ef instanceof PDFDict)) continue;
    const stream = ef.lookup(PDFName.of("F")) ?? ef.lookup(PDFName.of("UF"));
    if (!(stream instanceof PDFRawStream) || stream.contents.length > MAX_ATTACHMENT_BYTES) continue;
    try {
      const decoded = decodePDFRawStream(stream).decode();
      if (decoded.length <= MAX_ATTACHMENT_BYTES) out.push({ name, bytes: decoded });
    } catch {
      // An attachment whose filter pdf-lib cannot decode is not an e-invoice we can read.
    }
  }
  return out;
}
