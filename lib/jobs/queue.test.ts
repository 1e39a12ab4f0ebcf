import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMemoryDatabase, type DatabaseHandle } from "@/lib/db/client";
import { defineQueue, startQueue, work, type Queue } from "./queue";

let handle: DatabaseHandle;
let queue: Queue;

beforeAll(async () => {
  handle = await openMemoryDatabase();
  queue = await startQueue(handle, { supervise: false });
});

afterAll(async () => {
  await queue.stop();
  await handle.close();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("job queue on PGlite", () => {
  it("runs a job with its data", async () => {
    await defineQueue(queue, { name: "test-runs", retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 30 });
    const seen = deferred<{ value: number }>();
    await work<{ value: number }>(queue, "test-runs", async (job) => seen.resolve(job.data));
    await queue.send("test-runs", { value: 42 });
    await expect(seen.promise).resolves.toEqual({ value: 42 });
  });

  it("retries a job that failed, and completes it on the next attempt", async () => {
    await defineQueue(queue, { name: "test-retry", retryLimit: 3, retryDelay: 0, retryBackoff: false, expireInSeconds: 30 });
    const attempts: number[] = [];
    const done = deferred<number>();
    await work<{ n: number }>(
      queue,
      "test-retry",
      async (job) => {
        attempts.push(job.data.n);
        if (attempts.length === 1) throw new Error("first attempt fails on purpose");
        done.resolve(attempts.length);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const id = await queue.send("test-retry", { n: 7 });
    await expect(done.promise).resolves.toBe(2);
    expect(attempts).toEqual([7, 7]);
    // pg-boss records the failure as a retry on the same job.
    await expect.poll(async () => (await queue.boss.getJobById("test-retry", id!))?.state, { timeout: 10_000 }).toBe("completed");
    expect((await queue.boss.getJobById("test-retry", id!))?.retryCount).toBe(1);
  }, 30_000);

  it("fails only the job that threw, not its batch-mates", async () => {
    await defineQueue(queue, { name: "test-batch", retryLimit: 2, retryDelay: 0, retryBackoff: false, expireInSeconds: 30 });
    const ids: (string | null)[] = [];
    const seen: number[] = [];
    let thrown = false;
    for (let n = 0; n < 4; n++) ids.push(await queue.send("test-batch", { n }));
    await work<{ n: number }>(queue, "test-batch", async (job) => {
      seen.push(job.data.n);
      if (job.data.n === 1 && !thrown) {
        thrown = true;
        throw new Error("only this one fails");
      }
    });
    await expect.poll(async () => Promise.all(ids.map(async (id) => (await queue.boss.getJobById("test-batch", id!))?.state)), { timeout: 15_000 }).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
    ]);
    const retries = await Promise.all(ids.map(async (id) => (await queue.boss.getJobById("test-batch", id!))?.retryCount));
    expect(retries).toEqual([0, 1, 0, 0]);
    expect(seen.filter((n) => n === 1)).toHaveLength(2);
  }, 30_000);

  it("drains a backlog claimed one job at a time back to back, not one job per poll", async () => {
    await defineQueue(queue, { name: "test-backlog", retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 30 });
    for (let n = 0; n < 4; n++) await queue.send("test-backlog", { n });
    const seen: number[] = [];
    const all = deferred<void>();
    // A 10 s poll: before each slot was woken after its job, four queued jobs took three polls, 30 s.
    await work<{ n: number }>(
      queue,
      "test-backlog",
      async (job) => {
        seen.push(job.data.n);
        if (seen.length === 4) all.resolve();
      },
      { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 10, notifyPollingIntervalSeconds: 10 },
    );
    const timeout = new Promise<"timed out">((resolve) => setTimeout(() => resolve("timed out"), 8_000));
    await expect(Promise.race([all.promise.then(() => "drained" as const), timeout])).resolves.toBe("drained");
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  }, 30_000);
});
