import { describe, expect, it } from "vitest";
import { loadPdfjs } from "./pdf-runtime";

// Taken before pdfjs is first imported (vitest gives each test file its own module graph).
const nativePush = Array.prototype.push;
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;

describe("loadPdfjs", () => {
  it("leaves the built-ins pdfjs's core-js polyfills as they were, and its worker registered", async () => {
    const pdfjs = await loadPdfjs();
    expect(typeof pdfjs.getDocument).toBe("function");
    expect(Array.prototype.push).toBe(nativePush);
    expect(JSON.parse).toBe(nativeParse);
    expect(JSON.stringify).toBe(nativeStringify);
    expect((globalThis as { pdfjsWorker?: unknown }).pdfjsWorker).toBeDefined();
  });
});
