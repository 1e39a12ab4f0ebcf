/**
 * Where the e2e server listens: playwright.config.ts starts it there and the fixtures call it there (worker-scoped
 * fixtures cannot read the test-scoped `baseURL`). E2E_PORT lets several checkouts run the suite at once.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
