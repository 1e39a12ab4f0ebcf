/**
 * The lines of a document's first page as the field stage sees them (text, box), from the readings cache: a tuning
 * aid for reading why a party finder took or missed a line.
 *   tsx scripts/bench/tuning/page-lines.ts <file> [--cache <dir>] [--max <n>]
 */
import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { readCached } from "../../train/corpus";
import { documentLines } from "../../../lib/extraction/fields/document-lines";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const file = path.resolve(args[0]!);
  const gt = existsSync(`${file}.gt.json`) ? JSON.parse(readFileSync(`${file}.gt.json`, "utf8")) : { fields: {} };
  const model = await readCached({ source: "x", file, gt, group: "x" }, value("--cache") ?? "/work/parties-readings");
  const max = Number(value("--max") ?? 60);
  for (const line of documentLines(model).slice(0, max)) {
    console.log(`${String(line.index).padStart(3)} p${line.page} x${line.box.x.toFixed(3)} y${line.box.y.toFixed(3)} w${line.box.w.toFixed(3)} h${line.box.h.toFixed(3)} ${JSON.stringify(line.text)}`);
  }
}

void main();
