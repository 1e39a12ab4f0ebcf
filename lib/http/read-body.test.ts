import { describe, expect, it } from "vitest";
import { readJsonBody } from "./read-body";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://x/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readJsonBody", () => {
  it("parses JSON and reads an empty body as an empty object", async () => {
    await expect(readJsonBody(post('{"a":1}'))).resolves.toEqual({ a: 1 });
    await expect(readJsonBody(post(null))).resolves.toEqual({});
    await expect(readJsonBody(post("  "))).resolves.toEqual({});
  });

  it("answers 400 for malformed JSON", async () => {
    await expect(readJsonBody(post("{nope"))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Malformed JSON") });
  });

  it("answers 413 past the limit, declared or streamed", async () => {
    await expect(readJsonBody(post("{}", { "content-length": "5000000" }))).rejects.toMatchObject({ status: 413 });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(100));
        controller.close();
      },
    });
    await expect(readJsonBody(post(stream), 1000)).rejects.toMatchObject({ status: 413 });
  });

  it("reads the rest of a body past the limit before answering, and closes the connection only past 8 MB", async () => {
    const streamOf = (chunks: number, chunkBytes: number) => {
      let sent = 0;
      return {
        sent: () => sent,
        stream: new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent === chunks) return controller.close();
            sent += 1;
            controller.enqueue(new Uint8Array(chunkBytes));
          },
        }),
      };
    };
    const small = streamOf(20, 100 * 1024); // 2 MB, the whole of it read: the connection can carry the next request
    const drained = await readJsonBody(post(small.stream)).catch((error: unknown) => error);
    expect(drained).toMatchObject({ status: 413 });
    expect((drained as { extra: { headers?: unknown } }).extra.headers).toBeUndefined();
    expect(small.sent()).toBe(20);
    const huge = streamOf(200, 100 * 1024); // 20 MB: cut off unread, and the answer closes the connection
    const cut = await readJsonBody(post(huge.stream)).catch((error: unknown) => error);
    expect(cut).toMatchObject({ status: 413, extra: { headers: { Connection: "close" } } });
    expect(huge.sent()).toBeLessThan(200);
  });
});

describe("readJsonBody and deep JSON", () => {
  it("answers 400 past 64 levels, before parsing, and accepts 64", async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
    await expect(readJsonBody(post(deep(64)))).resolves.toBeTypeOf("object");
    await expect(readJsonBody(post(deep(65)))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("nested deeper than 64 levels") });
    // ~8,000 levels gave RangeError 500s in the walks after the parse.
    await expect(readJsonBody(post("[".repeat(8000) + "]".repeat(8000)))).rejects.toMatchObject({ status: 400 });
  });
});
