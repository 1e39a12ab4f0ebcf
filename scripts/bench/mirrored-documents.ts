/**
 * Benchmark documents kept in public repositories, read out of local git mirrors (`fetch` lays them out as
 * <root>/<owner>+<name>/repo): at the recorded commit and path, checked against the recorded sha256. The benchmark
 * sets built this way (bench/kinds/real, bench/layouts) store only ground truth and provenance.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";

/** Where a document comes from, as a set's manifest records it. */
export type MirroredSource = { id: string; sha256: string; source_repo: string; source_commit: string; path_in_repo: string };

export const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The git directory of a mirrored repository, or null when it is not mirrored. */
export function mirrorGitDir(root: string, repo: string): string | null {
  const base = path.join(root, repo.replace("/", "+"), "repo");
  for (const candidate of [path.join(base, ".git"), base]) {
    if (existsSync(path.join(candidate, "HEAD")) && existsSync(path.join(candidate, "objects"))) return candidate;
  }
  return null;
}

function readBlob(gitDir: string, commit: string, file: string): Buffer | null {
  try {
    return execFileSync("git", ["--git-dir", gitDir, "cat-file", "blob", `${commit}:${file}`], { maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return null;
  }
}

/** The document's bytes, or why they cannot be had (not mirrored, missing at that commit, other bytes). */
export function readMirrored(root: string, entry: MirroredSource): { bytes: Buffer } | { problem: string } {
  const gitDir = mirrorGitDir(root, entry.source_repo);
  if (!gitDir) return { problem: `${entry.id}: ${entry.source_repo} is not mirrored under ${root}` };
  const bytes = readBlob(gitDir, entry.source_commit, entry.path_in_repo);
  if (!bytes) return { problem: `${entry.id}: ${entry.path_in_repo} missing at ${entry.source_commit.slice(0, 12)}` };
  if (sha256(bytes) !== entry.sha256) return { problem: `${entry.id}: sha256 differs from the manifest` };
  return { bytes };
}

export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
