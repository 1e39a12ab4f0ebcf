import { describe, expect, it, vi } from "vitest";
import { copyText } from "./copy-text";

describe("copyText", () => {
  it("uses the Clipboard API when present", async () => {
    const writeText = vi.fn(async () => {});
    const fallback = vi.fn(() => true);
    await expect(copyText("abc", { clipboard: { writeText }, fallback })).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith("abc");
    expect(fallback).not.toHaveBeenCalled();
  });

  it("falls back when the Clipboard API rejects", async () => {
    const writeText = vi.fn(async () => {
      throw new Error("denied");
    });
    const fallback = vi.fn(() => true);
    await expect(copyText("abc", { clipboard: { writeText }, fallback })).resolves.toBe(true);
    expect(fallback).toHaveBeenCalledWith("abc");
  });

  it("falls back when there is no Clipboard API", async () => {
    await expect(copyText("abc", { fallback: () => true })).resolves.toBe(true);
  });

  it("reports failure instead of throwing", async () => {
    await expect(
      copyText("abc", {
        fallback: () => {
          throw new Error("no");
        },
      }),
    ).resolves.toBe(false);
    await expect(copyText("abc", { fallback: () => false })).resolves.toBe(false);
    await expect(copyText("abc", {})).resolves.toBe(false);
  });

  it("is a no-op outside the browser", async () => {
    await expect(copyText("abc")).resolves.toBe(false);
  });
});
