import { expect, test as base, type ConsoleMessage } from "@playwright/test";

/**
 * Playwright's `test`, with the console's Content-Security-Policy watched: every journey fails when the browser
 * reports a CSP violation on any page of its context (a blocked script, style, worker, image or fetch), so a
 * change that the policy would break in production cannot pass.
 */
export const test = base.extend<{ contentSecurityPolicyGuard: void }>({
  contentSecurityPolicyGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const listen = (message: ConsoleMessage) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
      };
      context.on("console", listen);
      await use();
      context.off("console", listen);
      expect(violations, "CSP violations reported in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Page } from "@playwright/test";
