import { freshKey } from "./http";

/**
 * An API key that renews itself before it runs out of its per-minute budget (100 requests), for tests that send
 * hundreds of requests in a row (the isolation matrix, the fuzz). Every renewal is one request of the minter's own
 * budget, so one minter lasts for about 100 renewals a minute.
 */
export type KeyPool = { key: () => Promise<string> };

const REQUESTS_PER_KEY = 90;

export function keyPool(minterKey: () => string): KeyPool {
  let current: string | null = null;
  let used = 0;
  return {
    async key() {
      if (!current || used >= REQUESTS_PER_KEY) {
        current = (await freshKey(minterKey())).key;
        used = 0;
      }
      used += 1;
      return current;
    },
  };
}
