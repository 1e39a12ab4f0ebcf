import { describe, expect, it } from "vitest";
import { parseByteRange, rangeResponse } from "./byte-range";

describe("byte ranges", () => {
  it("reads first-last, open-ended and suffix ranges, clamped to the file", () => {
    expect(parseByteRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
  });

  it("ignores what it does not serve and refuses a range past the end", () => {
    expect(parseByteRange(null, 100)).toBeNull();
    expect(parseByteRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseByteRange("items=0-1", 100)).toBeNull();
    expect(parseByteRange("bytes=9-3", 100)).toBeNull();
    expect(parseByteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 100)).toBe("unsatisfiable");
  });

  it("answers 206 with Content-Range, 416 with the size, and 200 when If-Range is sent", async () => {
    const bytes = new TextEncoder().encode("0123456789");
    const part = rangeResponse(new Request("http://x/", { headers: { range: "bytes=2-4" } }), bytes, { "content-type": "text/plain" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-4/10");
    expect(await part.text()).toBe("234");
    const past = rangeResponse(new Request("http://x/", { headers: { range: "bytes=10-" } }), bytes, {});
    expect([past.status, past.headers.get("content-range")]).toEqual([416, "bytes */10"]);
    const whole = rangeResponse(new Request("http://x/", { headers: { range: "bytes=2-4", "if-range": '"x"' } }), bytes, {});
    expect([whole.status, whole.headers.get("accept-ranges"), await whole.text()]).toEqual([200, "bytes", "0123456789"]);
  });
});
