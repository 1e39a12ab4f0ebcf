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

/**
 * The seller's-name scorer's own synthetic invoices, beside --synth: header noise on 80 % of the layouts with the name
 * shapes the rules miss on layouts never seen (a brand line over the legal name, a buyer's block first with no
 * heading; generate.ts --name-shapes). Written once into .cache; `--names-synth <folder>` replaces it, `--names-synth
 * none` leaves it out.
 */
export const NAME_SHAPES_SYNTH = { out: ".cache/train-synth-name-shapes", count: 400, seed: "names", extra: ["--receipt-share", "0", "--distractors", "0.8", "--name-shapes"] } as const;

export function nameSynthFolders(given: string[]): string[] {
  if (given.includes("none")) return [];
  if (given.length > 0) return given;
  const pdf = path.join(NAME_SHAPES_SYNTH.out, "pdf");
  if (!existsSync(path.join(pdf, "manifest.json"))) {
    execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/train/generate.ts", "--out", NAME_SHAPES_SYNTH.out, "--count", String(NAME_SHAPES_SYNTH.count), "--seed", NAME_SHAPES_SYNTH.seed, ...NAME_SHAPES_SYNTH.extra], { stdio: "inherit" });
  }
  return [pdf];
}
