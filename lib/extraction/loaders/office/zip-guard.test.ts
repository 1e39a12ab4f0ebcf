import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ArchiveRejectedError, checkZipArchive } from "./zip-guard";

/** A zip with one central-directory entry that declares the given sizes (content is irrelevant to the guard). */
function zipDeclaring(compressed: number, size: number): Uint8Array {
  const name = Buffer.from("a.xml");
  const central = Buffer.alloc(46 + name.length);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(compressed, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  name.copy(central, 46);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length, 12);
  eocd.writeUInt32LE(0, 16);
  return new Uint8Array(Buffer.concat([central, eocd]));
}

describe("checkZipArchive", () => {
  it("accepts a real XLSX", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("S").addRow(["a", 1]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(() => checkZipArchive(bytes)).not.toThrow();
  });
  it("refuses zip bombs and oversized archives", () => {
    expect(() => checkZipArchive(zipDeclaring(10_000, 2_000_000_000))).toThrow(ArchiveRejectedError);
    expect(() => checkZipArchive(zipDeclaring(200_000_000, 400_000_000))).toThrow(/size limit/);
  });
  it("refuses non-archives", () => {
    expect(() => checkZipArchive(new TextEncoder().encode("hello"))).toThrow(ArchiveRejectedError);
  });
});
