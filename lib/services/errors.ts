import type { z } from "zod";

/**
 * Typed errors that services throw. They belong to the service layer (a service decides that something is not found
 * or conflicts); lib/http/errors.ts maps them onto the spec's error body `{error: true, message, notFound?}` and a
 * status, and so do the MCP tools and the console's actions.
 */
export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "INVALID_STATE"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | "INTERNAL";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export type NotFoundRef = { type: string; value: string };
export type ValidationIssue = { path: string; message: string };

export type ErrorBody = {
  error: true;
  message: string;
  code: ErrorCode;
  notFound?: NotFoundRef[];
  issues?: ValidationIssue[];
};

export class AppError extends Error {
  // eslint-disable-next-line @typescript-eslint/max-params -- Error's (message) shape with a code before and details after.
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { notFound?: NotFoundRef[]; issues?: ValidationIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: true, message: this.message, code: this.code, ...pick(this.extra, ["notFound", "issues"]) };
  }
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

export const validationError = (message: string, issues?: ValidationIssue[]) => new AppError("VALIDATION", message, { issues });
export const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message);
export const forbidden = (message = "Access denied") => new AppError("FORBIDDEN", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const invalidState = (message: string) => new AppError("INVALID_STATE", message);
/** The answer when the caller's key, token or role does not carry an operation's permission (REST and MCP alike). */
export const missingPermission = (permission: string) => forbidden(`This API key or role lacks the ${permission} permission.`);

/** A missing resource, or one of another team: the same answer, so existence never leaks. */
export function notFound({ type, value, label = humanize(type) }: { type: string; value: string; label?: string }): AppError {
  return new AppError("NOT_FOUND", `${label} not found`, { notFound: [{ type, value }] });
}

function humanize(type: string): string {
  const base = type.replace(/Id$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return base.charAt(0).toUpperCase() + base.slice(1);
}

export function issuesFromZod(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** "Invalid request body: name: Too small …; Unrecognized key: \"teamId\"" — names every offending key. */
export function zodValidationError(where: string, error: z.ZodError): AppError {
  const issues = issuesFromZod(error);
  const summary = issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; ");
  return validationError(`Invalid ${where}: ${summary}`, issues);
}
