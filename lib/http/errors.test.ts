import { z } from "zod";
import { describe, expect, it } from "vitest";
import { AppError, notFound, zodValidationError } from "@/lib/services/errors";
import { errorResponse, loggableError, toAppError } from "./errors";

describe("error mapping", () => {
  it("gives a not-found body with the spec's notFound list", async () => {
    const response = errorResponse(notFound({ type: "documentId", value: "abc" }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: true,
      message: "Document not found",
      code: "NOT_FOUND",
      notFound: [{ type: "documentId", value: "abc" }],
    });
  });

  it("names an unknown key in a validation message", () => {
    const result = z.strictObject({ name: z.string() }).safeParse({ name: "x", teamId: "y" });
    const error = zodValidationError("request body", result.error!);
    expect(error.status).toBe(400);
    expect(error.message).toContain("teamId");
    expect(error.toBody().issues?.length).toBe(1);
  });

  it("turns unknown errors into a generic 500 and logs the detail", () => {
    const logged: unknown[] = [];
    const error = toAppError(new Error("secret detail"), (_message, detail) => logged.push(detail));
    expect(error.status).toBe(500);
    expect(error.message).toBe("Internal server error");
    expect(logged).toHaveLength(1);
  });

  it("logs a failed query without its bound parameters, keeping the SQL and the database's reason", () => {
    const cause = new Error('duplicate key value violates unique constraint "users_email_key"');
    const failed = Object.assign(new Error("Failed query: insert into users (email) values ($1)\nparams: ceo@acme.test"), {
      query: "insert into users (email) values ($1)",
      params: ["ceo@acme.test"],
      cause,
    });
    const logged: unknown[] = [];
    toAppError(failed, (_message, detail) => logged.push(detail));
    const detail = logged[0] as Error;
    expect(detail.message).toBe("Failed query: insert into users (email) values ($1)");
    expect(detail.cause).toBe(cause);
    expect(`${detail.message}${detail.stack}`).not.toContain("ceo@acme.test");
    const plain = new Error("anything else");
    expect(loggableError(plain)).toBe(plain);
  });

  it("maps each code to its status", () => {
    expect(new AppError("CONFLICT", "x").status).toBe(409);
    expect(new AppError("RATE_LIMITED", "x").status).toBe(429);
    expect(new AppError("PAYLOAD_TOO_LARGE", "x").status).toBe(413);
  });
});
