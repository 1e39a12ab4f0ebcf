/**
 * The synthetic set `npm run train` reads when it is given no `--synth`: seed 1, 1,000 text-layer PDFs (30 % receipts),
 * written once into .cache/train-synth. The generator writes the same files for the same arguments, so a clean clone
 * trains on the same documents as the committed models did.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export const DEFAULT_SYNTH = { out: ".cache/train-synth", count: 1000, seed: "1" } as const;

/** `given` when there is one, else the default set's PDF folder (generated first when missing). */
export function synthFoldersOrDefault(given: string[]): string[] {
  if (given.length > 0) return given;
  const pdf = path.join(DEFAULT_SYNTH.out, "pdf");
  if (!existsSync(path.join(pdf, "manifest.json"))) {
    execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/train/generate.ts", "--out", DEFAULT_SYNTH.out, "--count", String(DEFAULT_SYNTH.count), "--seed", DEFAULT_SYNTH.seed], { stdio: "inherit" });
  }
  return [pdf];
}
