/**
 * Office files (DOCX, XLSX) are zip archives. Before any library inflates one, the central directory's declared
 * sizes are summed: archives that would inflate past the limit, or with absurd compression ratios (zip bombs),
 * are refused.
 */
export const MAX_INFLATED_BYTES = 300 * 1024 * 1024;
const MAX_RATIO = 200;

export class ArchiveRejectedError extends Error {}

export function checkZipArchive(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArchiveRejectedError("The file is not a valid zip archive");
  const entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  let inflated = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) throw new ArchiveRejectedError("The zip directory is damaged");
    const compressed = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    inflated += size;
    if (size > 1_000_000 && size / Math.max(1, compressed) > MAX_RATIO) throw new ArchiveRejectedError("The archive looks like a zip bomb");
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  if (inflated > MAX_INFLATED_BYTES) throw new ArchiveRejectedError("The archive inflates beyond the size limit");
}
