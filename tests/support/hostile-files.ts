import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * Hostile files, generated in code (never copied from a corpus): malformed and truncated PDFs, a password-protected
 * PDF, decompression bombs (PDF stream, PNG, DOCX), a PDF with 10,000 pages, images claiming 20,000 × 20,000 px,
 * polyglots and files whose name lies about their type. Each generator is deterministic.
 */

/** A small deterministic PRNG (mulberry32), so "random garbage" is the same bytes on every run. */
export function seededBytes(seed: number, length: number): Uint8Array {
  let state = seed >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = (t ^ (t >>> 14)) & 0xff;
  }
  return out;
}

const latin1 = (text: string) => Buffer.from(text, "latin1");

/**
 * Writes a PDF from numbered object bodies (object n is `bodies[n - 1]`), with a correct cross-reference table, so
 * each fixture is a well-formed file except for the one thing it is about.
 */
export function assemblePdf(bodies: (string | Buffer)[], trailer: string): Buffer {
  const parts: Buffer[] = [latin1("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  bodies.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([latin1(`${index + 1} 0 obj\n`), typeof body === "string" ? latin1(body) : body, latin1("\nendobj\n")]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(latin1(`${xref}trailer\n<< /Size ${bodies.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([latin1(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, latin1("\nendstream")]);
}

const CATALOG = "<< /Type /Catalog /Pages 2 0 R >>";
const ONE_PAGE_TREE = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>";
const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
const TEXT = "BT /F1 12 Tf 30 250 Td (Invoice Number: HOSTILE-1) Tj ET";

/** A tidy one-page PDF with a text layer: the base the other PDF fixtures break. */
export async function onePagePdf(line = "Invoice Number: HOSTILE-1"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 300]).drawText(line, { x: 30, y: 250, size: 12, font });
  return pdf.save();
}

/** `%PDF-` followed by noise: passes the upload's type check by its signature, has no structure at all. */
export function garbagePdf(): Uint8Array {
  return Buffer.concat([latin1("%PDF-1.7\n"), seededBytes(7, 16 * 1024)]);
}

/** A real PDF cut off after its first third: no cross-reference table, no trailer, half an object. */
export async function truncatedPdf(): Promise<Uint8Array> {
  const whole = await onePagePdf();
  return whole.slice(0, Math.floor(whole.length / 3));
}

/** A page tree whose only kid is the tree itself: a reader that follows it without a guard never stops. */
export function circularPagesPdf(): Buffer {
  return assemblePdf([CATALOG, "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"], "/Root 1 0 R");
}

/** One real page, but the page tree claims a billion: page loops sized by /Count must not trust it. */
export function billionPagesPdf(): Buffer {
  return assemblePdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1000000000 >>", PAGE, streamObject("", latin1(TEXT)), FONT], "/Root 1 0 R");
}

// RC4 and the PDF standard security handler (revision 2, 40-bit), enough to lock a document with a user password.
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const PASSWORD_PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const padPassword = (password: string) => Buffer.concat([latin1(password), PASSWORD_PAD]).subarray(0, 32);

/**
 * A PDF encrypted with the standard security handler under the user password "s3cret" (RC4, 40 bit): without the
 * password nothing in it can be read. Built by hand because pdf-lib cannot encrypt.
 */
export function encryptedPdf(userPassword = "s3cret"): Buffer {
  const fileId = createHash("md5").update("quarry hostile encrypted").digest();
  const permissions = -44;
  // Owner entry: RC4 of the padded user password under a key from the owner password (revision 2).
  const ownerKey = createHash("md5").update(padPassword("owner-only")).digest().subarray(0, 5);
  const owner = rc4(ownerKey, padPassword(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const fileKey = createHash("md5").update(Buffer.concat([padPassword(userPassword), owner, p, fileId])).digest().subarray(0, 5);
  const user = rc4(fileKey, PASSWORD_PAD);
  // Each object's data is encrypted with a key derived from the file key and its object number.
  const objectKey = (number: number) => createHash("md5").update(Buffer.concat([fileKey, Buffer.from([number & 0xff, (number >> 8) & 0xff, 0, 0, 0])])).digest().subarray(0, 10);
  const content = rc4(objectKey(4), latin1(TEXT));
  return assemblePdf(
    [CATALOG, ONE_PAGE_TREE, PAGE, streamObject("", content), FONT, `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString("hex")}> /U <${user.toString("hex")}> /P ${permissions} >>`],
    `/Root 1 0 R /Encrypt 6 0 R /ID [<${fileId.toString("hex")}> <${fileId.toString("hex")}>]`,
  );
}

/**
 * zlib (or raw deflate) data of `total` zero bytes, in about total / 1000 bytes and no time: one MiB of zeros is
 * compressed once with a full flush (byte-aligned, no back-references across the cut), so repeating those bytes is
 * a valid stream; a final empty block and the Adler-32 of the zeros close it.
 */
export function deflatedZeros(total: number, raw = false): Buffer {
  const step = 1024 * 1024;
  const block = zlib.deflateRawSync(Buffer.alloc(step), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const parts: Buffer[] = raw ? [] : [Buffer.from([0x78, 0xda])];
  for (let written = 0; written < total; written += step) {
    parts.push(written + step <= total ? block : zlib.deflateRawSync(Buffer.alloc(total - written), { finishFlush: zlib.constants.Z_FULL_FLUSH }));
  }
  parts.push(Buffer.from([0x03, 0x00])); // a final, empty block
  if (!raw) {
    const adler = Buffer.alloc(4);
    adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0); // a = 1 + Σ bytes = 1, b = Σ a = total (mod 65521)
    parts.push(adler);
  }
  return Buffer.concat(parts);
}

/** A page whose content stream is a few MB of FlateDecode data that inflates to `inflatedBytes` (gigabytes). */
export function flateBombPdf(inflatedBytes = 2 * 1024 ** 3): Buffer {
  return assemblePdf([CATALOG, ONE_PAGE_TREE, PAGE, streamObject("/Filter /FlateDecode", deflatedZeros(inflatedBytes)), FONT], "/Root 1 0 R");
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([latin1(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method quirks, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IDAT", idat), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A PNG whose header claims 20,000 × 20,000 px (400 MP) with almost no image data behind it. */
export function hugeDimensionsPng(): Buffer {
  return png(20_000, 20_000, zlib.deflateSync(Buffer.alloc(20_001)));
}

/** A complete, valid 20,000 × 20,000 greyscale PNG: about 400 KB whose pixel data inflates to 400 MB. */
export function pngZlibBomb(): Buffer {
  return png(20_000, 20_000, deflatedZeros(20_001 * 20_000));
}

/** A 10,000-page PDF of small pages, each with a line of text (made with pdf-lib). */
export async function tenThousandPagePdf(pages = 10_000): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) pdf.addPage([144, 72]).drawText(`Page ${n} of ${pages}`, { x: 10, y: 30, size: 10, font });
  return pdf.save();
}

type ZipEntry = { name: string; data: Buffer; deflate: boolean; inflatedSize?: number };

/** A zip archive (stored or deflated entries), with local headers and a central directory. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = latin1(entry.name);
    const stored = entry.data;
    const size = entry.inflatedSize ?? entry.data.length;
    const crc = entry.deflate ? 0 : crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A DOCX whose document part is 4 GB (less a byte) of zeros deflated to a few MB: a zip bomb in Office clothing. */
export function docxZipBomb(inflatedBytes = 0xffff_fffe): Buffer {
  return zipArchive([
    { name: "[Content_Types].xml", data: latin1(CONTENT_TYPES), deflate: false },
    { name: "word/document.xml", data: deflatedZeros(inflatedBytes, true), deflate: true, inflatedSize: inflatedBytes },
  ]);
}

/** A plain .zip of 16 entries that each claim 4 GB: refused at upload, since no parser reads archives. */
export function plainZipBomb(): Buffer {
  const data = deflatedZeros(1024 * 1024, true);
  return zipArchive(Array.from({ length: 16 }, (_, n) => ({ name: `layer-${n}.bin`, data, deflate: true, inflatedSize: 0xffff_fffe })));
}

/** A valid PDF with a zip archive appended after %%EOF: a PDF + ZIP polyglot. */
export async function pdfZipPolyglot(): Promise<Buffer> {
  const zip = zipArchive([{ name: "payload.txt", data: latin1("Invoice Number: ZIP-9999"), deflate: false }]);
  return Buffer.concat([Buffer.from(await onePagePdf("Invoice Number: PDF-4711")), zip]);
}

/** An HTML page with a PDF after it: browsers render the HTML, lenient PDF readers find the PDF. */
export async function htmlPrefixedPdf(): Promise<Buffer> {
  return Buffer.concat([latin1("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>\n"), Buffer.from(await onePagePdf())]);
}

/** A Windows executable (MZ header, PE signature), as someone might name it invoice.pdf. */
export function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write("MZ", 0, "latin1");
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write("PE\0\0", 0x80, "latin1");
  exe.writeUInt16LE(0x14c, 0x84); // i386
  exe.write("This program cannot be run in DOS mode.", 0x40, "latin1");
  return exe;
}
