import { describe, expect, it } from "vitest";
import { ExportRequestSchema } from "@/lib/contracts/exports";
import { exportBody } from "./export-body";

const query = { q: "initech", status: "processed" as const, sort: "name.asc" as const, page: 3, folderId: "8f7a3a38-5d8c-4b43-9d1c-1b1f3f0e6a10", assigneeId: undefined, createdFrom: "2025-01-01T00:00:00.000Z" };

describe("exportBody", () => {
  it("sends the list's filters without its page, and nothing empty", () => {
    const body = exportBody({ format: "csv", includeSources: true, scope: "filters", query, selectedIds: ["x"] });
    expect(body).toEqual({ format: "csv", includeSources: true, sort: "name.asc", q: "initech", status: "processed", folderId: query.folderId, createdFrom: query.createdFrom });
    expect(ExportRequestSchema.safeParse(body).success).toBe(true);
  });

  it("sends only the selected ids and the order for a selection", () => {
    const ids = ["0b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e"];
    const body = exportBody({ format: "xlsx", includeSources: false, scope: "selected", query, selectedIds: ids });
    expect(body).toEqual({ format: "xlsx", includeSources: false, sort: "name.asc", documentIds: ids });
    expect(ExportRequestSchema.safeParse(body).success).toBe(true);
  });
});
