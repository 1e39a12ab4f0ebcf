import { describe, expect, it } from "vitest";
import { bulkSummary, failureReason } from "./bulk-review";

describe("bulk decision wording", () => {
  it("counts what was done and what was not", () => {
    expect(bulkSummary("approve", { succeeded: 2, failed: 1 })).toBe("2 documents approved, 1 not approved");
    expect(bulkSummary("reject", { succeeded: 1, failed: 0 })).toBe("1 document rejected");
    expect(bulkSummary("assign", { succeeded: 0, failed: 2 })).toBe("2 documents not assigned");
  });

  it("names each failed check", () => {
    expect(
      failureReason({ documentId: "d", ok: false, status: null, message: "This document cannot be approved yet: 1 problem to fix first.", issues: [{ path: "invoiceNumber", message: "is required" }] }),
    ).toBe("This document cannot be approved yet: 1 problem to fix first. · invoiceNumber: is required");
  });
});
