import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { CredentialsSignin } from "next-auth";
import type { SignIn } from "@/lib/contracts/setup";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { getRuntime } from "@/lib/runtime";
import { beginSignInAttempt, signInSubjects } from "@/lib/services/sign-in-throttle";
import { verifyCredentials } from "@/lib/services/teams";

/** Thrown from the Credentials `authorize` while the account or the address must wait; carries the wait. */
export class SignInThrottled extends CredentialsSignin {
  code = "rate_limited";
  constructor(readonly retryAfterSeconds: number) {
    super(throttledMessage(retryAfterSeconds));
    // Stable across minification: the auth logger and the sign-in action recognise it by name.
    this.name = "SignInThrottled";
  }
}

export function isSignInThrottled(error: unknown): error is SignInThrottled {
  return error instanceof Error && error.name === "SignInThrottled" && typeof (error as Partial<SignInThrottled>).retryAfterSeconds === "number";
}

export function throttledMessage(seconds: number): string {
  return `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
}

/**
 * Over plain HTTP (POST /api/auth/callback/credentials) next-auth turns the thrown error into a redirect to the
 * sign-in page; the route wrapper (lib/auth/route-guard.ts) learns of the wait here and answers 429 instead.
 */
const throttleReports = new AsyncLocalStorage<{ retryAfterSeconds?: number }>();

export async function reportingThrottle(run: () => Promise<Response>): Promise<{ response: Response; retryAfterSeconds?: number }> {
  const report: { retryAfterSeconds?: number } = {};
  const response = await throttleReports.run(report, run);
  return { response, retryAfterSeconds: report.retryAfterSeconds };
}

/** Where the client address comes from for a request (see lib/http/client-address.ts). */
export function signInAddress(request: Request): string | null {
  return clientAddress(request.headers, { trustedProxies: env().TRUST_PROXY });
}

/**
 * Checks e-mail and password under the sign-in throttle (lib/services/sign-in-throttle.ts): while a wait
 * applies, the password is not even checked, so guessing through the wait gains nothing.
 */
export async function authorizeThrottled(credentials: SignIn, request: Request) {
  const { db } = await getRuntime();
  const attempt = await beginSignInAttempt(db, { subjects: signInSubjects(credentials.email, signInAddress(request)) });
  if (attempt.retryAfterSeconds > 0) {
    const report = throttleReports.getStore();
    if (report) report.retryAfterSeconds = attempt.retryAfterSeconds;
    throw new SignInThrottled(attempt.retryAfterSeconds);
  }
  const user = await verifyCredentials(db, { email: credentials.email, password: credentials.password });
  if (user) await attempt.succeeded();
  return user;
}
