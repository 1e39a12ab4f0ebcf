import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { textStream } from "./stream";

describe("textStream", () => {
  it("streams the generator's text in order", async () => {
    async function* chunks() {
      yield "a,";
      yield "b";
    }
    expect(await new Response(textStream(chunks(), () => undefined)).text()).toBe("a,b");
  });

  it("a cancel while a chunk is being produced ends the generator quietly, with no error reported", async () => {
    let finished = false;
    async function* slow() {
      try {
        yield "first";
        await sleep(50);
        yield "second";
      } finally {
        finished = true;
      }
    }
    const errors: unknown[] = [];
    const stream = textStream(slow(), (error) => errors.push(error));
    const reader = stream.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first");
    // The stream pulls ahead, so the second chunk is in production now.
    await sleep(5);
    await reader.cancel();
    await sleep(80);
    expect(finished).toBe(true);
    expect(errors).toEqual([]);
  });
});
