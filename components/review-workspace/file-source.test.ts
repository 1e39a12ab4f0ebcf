import { describe, expect, it } from "vitest";
import { sameOriginFileUrl } from "./file-source";

describe("the viewer's file link", () => {
  it("loads this deployment's file route as a same-origin path, whatever PUBLIC_BASE_URL says", () => {
    expect(sameOriginFileUrl("http://localhost:3000/api/files/abc.def")).toBe("/api/files/abc.def");
    expect(sameOriginFileUrl(null)).toBeNull();
  });

  it("keeps a link to the separate files origin (FILES_BASE_URL) on that origin", () => {
    const url = "https://files.quarry.example/api/files/abc.def";
    expect(sameOriginFileUrl(url, "https://files.quarry.example")).toBe(url);
    expect(sameOriginFileUrl("https://console.quarry.example/api/files/abc.def", "https://files.quarry.example")).toBe("/api/files/abc.def");
  });
});
