import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkInvoiceSet, readManifest } from "../layouts/manifest-checks";

describe("other-layouts tuning set", () => {
  it("shares no repository, document or sender group with the held-out set", () => {
    const manifest = readManifest(__dirname);
    const heldOut = readManifest(path.join(__dirname, "..", "layouts"));
    const repos = new Set(heldOut.documents.map((e) => e.source_repo));
    const hashes = new Set(heldOut.documents.map((e) => e.sha256));
    const groups = new Set(heldOut.documents.map((e) => e.split_group));
    for (const entry of manifest.documents) {
      expect(repos.has(entry.source_repo), entry.id).toBe(false);
      expect(hashes.has(entry.sha256), entry.id).toBe(false);
      expect(groups.has(entry.split_group), entry.id).toBe(false);
    }
  });

  checkInvoiceSet(__dirname);
});
