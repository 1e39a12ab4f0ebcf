import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "quarry-lock-"));
}

describe("acquireDataDirLock", () => {
  it("refuses a directory held by a live process", () => {
    const dir = tempDir();
    // The parent of this test process is alive for as long as the test runs.
    fs.writeFileSync(path.join(dir, "quarry.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it("takes over a lock whose process is gone", () => {
    const dir = tempDir();
    const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    fs.writeFileSync(path.join(dir, "quarry.lock"), child.stdout.toString());
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "quarry.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "quarry.lock"))).toBe(false);
  });

  it("lets the directory be locked again after release", () => {
    const dir = tempDir();
    acquireDataDirLock(dir)();
    const release = acquireDataDirLock(dir);
    release();
  });
});
