import { expect, test as base, type ConsoleMessage } from "@playwright/test";
import type { Person } from "./accounts";
import { assembleCrew, type Crew } from "./crew";

type TestFixtures = {
  contentSecurityPolicyGuard: void;
  /** Open every page of the test signed in as this person (their kept session), instead of through the sign-in form. */
  signedInAs: Person | undefined;
};

type WorkerFixtures = {
  /** The spec's own people (`test.use({ people: [...] })` at the top of the spec); invited before its first test. */
  people: Person[];
  crew: Crew;
};

/**
 * Playwright's `test`, with two additions.
 *
 * The console's Content-Security-Policy is watched: every journey fails when the browser reports a CSP violation on
 * any page of its context (a blocked script, style, worker, image or fetch), so a change that the policy would break
 * in production cannot pass.
 *
 * Each spec brings its own people: `crew` (worker-scoped, so once per spec: a spec's `test.use({ people })` gives it
 * workers of its own) invites them into the install's team through the API and signs each in once. A spec then
 * needs nothing that another spec made, so any spec runs alone, and specs run side by side.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  people: [[], { option: true, scope: "worker" }],
  crew: [
    async ({ playwright, people }, use) => {
      const { crew, dispose } = await assembleCrew(playwright, people);
      await use(crew);
      await dispose();
    },
    // Auto: the people exist before the spec's first test, whether or not a test asks for the crew.
    { scope: "worker", auto: true, timeout: 60_000 },
  ],
  signedInAs: [undefined, { option: true }],
  // (`provide`, not `use`: the React hooks lint rule reads a plain `use(...)` call in a named function as a hook.)
  storageState: async ({ signedInAs, crew, storageState }, provide) => {
    await provide(signedInAs ? crew.storageStateOf(signedInAs) : storageState);
  },
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
