import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkInvoiceSet, readManifest } from "../layouts/manifest-checks";

describe("third other-layouts tuning set", () => {
  it("shares no repository, document or sender group with the held-out set, the first two tuning sets or the real kinds set", () => {
    const manifest = readManifest(__dirname);
    const others = ["layouts", "layouts-tune", "layouts-tune2", path.join("kinds", "real")].map((dir) => readManifest(path.join(__dirname, "..", dir)));
    const repos = new Set(others.flatMap((m) => m.documents.map((e) => e.source_repo)));
    const hashes = new Set(others.flatMap((m) => m.documents.map((e) => e.sha256)));
    const groups = new Set(others.flatMap((m) => m.documents.map((e) => e.split_group)));
    for (const entry of manifest.documents) {
      expect(repos.has(entry.source_repo), entry.id).toBe(false);
      expect(hashes.has(entry.sha256), entry.id).toBe(false);
      expect(groups.has(entry.split_group), entry.id).toBe(false);
    }
  });

  checkInvoiceSet(__dirname);
});
