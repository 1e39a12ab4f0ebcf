/**
 * The one error type safeFetch rejects with. `message` is written for the person who gave us the URL: it says why
 * in plain words and never carries a stack trace, a file path or an internal error text, so API routes can pass it
 * through as is. `cause` keeps the underlying error for server logs only.
 */
export type SafeFetchErrorCode =
  | "INVALID_URL"
  | "BLOCKED_SCHEME"
  | "BLOCKED_ADDRESS"
  | "TOO_MANY_REDIRECTS"
  | "INSECURE_REDIRECT"
  | "TOO_LARGE"
  | "TIMEOUT"
  | "NETWORK";

export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;

  constructor(code: SafeFetchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SafeFetchError";
    this.code = code;
  }

  /** What an API response may show: the code and the plain-words message, nothing else. */
  toJSON(): { code: SafeFetchErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

export function isSafeFetchError(value: unknown): value is SafeFetchError {
  return value instanceof SafeFetchError;
}
