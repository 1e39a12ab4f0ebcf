import { fileTypeFromBuffer } from "file-type";

/**
 * A file's type from its bytes, never from its name: binary formats by their signatures (a kept library), text
 * formats by their shape. The declared type and the name only choose between text formats that read alike
 * (CSV and plain text). Returns null when the bytes are neither a known binary format nor UTF-8 text.
 */
const EMAIL_HEADER = /^(received|from|return-path|mime-version|message-id|date|subject|to|delivered-to|dkim-signature):/im;
const HTML_START = /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i;

export async function detectContentType(bytes: Uint8Array, hint: { declared?: string; fileName?: string } = {}): Promise<string | null> {
  const binary = await fileTypeFromBuffer(bytes);
  if (binary) return binary.mime;
  if (isEmail(bytes)) return "message/rfc822";
  const text = decodeUtf8(bytes.subarray(0, 64 * 1024));
  if (text === null) return null;
  const head = text.slice(0, 4_096);
  if (HTML_START.test(head)) return "text/html";
  const declared = hint.declared?.toLowerCase().split(";")[0]?.trim();
  if (declared === "text/csv" || /\.csv$/i.test(hint.fileName ?? "") || looksLikeCsv(head)) return "text/csv";
  return "text/plain";
}

/**
 * An RFC 822 message: a block of well-formed header lines (`Name: value`, or folded continuations) with a From
 * header, up to the first blank line. Headers are ASCII by the standard, so they are read as Latin-1: an 8-bit
 * body, and the long DKIM and trace headers real mail carries, do not hide a message.
 */
function isEmail(bytes: Uint8Array): boolean {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 64 * 1024));
  const block = head.split(/\r?\n\r?\n/)[0] ?? "";
  const lines = block.split(/\r?\n/);
  if (lines.length < 2 || !/^[!-9;-~]+:/.test(lines[0] ?? "")) return false;
  const wellFormed = lines.every((line) => /^[!-9;-~]+:/.test(line) || /^[ \t]/.test(line));
  return wellFormed && EMAIL_HEADER.test(block) && /^from:/im.test(block);
}

function decodeUtf8(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return null;
  try {
    // A cut in the middle of a multi-byte character at the 64 KB boundary is not an error: drop up to 3 bytes.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(trimPartial(bytes));
    return text.includes("\u0000") ? null : text;
  } catch {
    return null;
  }
}

function trimPartial(bytes: Uint8Array): Uint8Array {
  const end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = bytes[end - i]!;
    if ((byte & 0xc0) === 0xc0) return bytes.subarray(0, end - i); // a lead byte whose continuation was cut
    if ((byte & 0xc0) !== 0x80) break;
  }
  return bytes;
}

/** Three or more lines with the same number (≥ 1) of commas or semicolons. */
function looksLikeCsv(head: string): boolean {
  const lines = head.split(/\r?\n/).filter((line) => line.trim()).slice(0, 5);
  if (lines.length < 3) return false;
  return [",", ";"].some((separator) => {
    const counts = lines.map((line) => line.split(separator).length - 1);
    return counts[0]! > 0 && counts.every((count) => count === counts[0]);
  });
}
