import { z } from "zod";

/**
 * zod's default messages ("Invalid input: expected string, received undefined", `expected one of "a"|"b"`) reach
 * people: in API answers and, through the same contracts, under console form fields. This map words every
 * built-in check plainly; a contract's own message (given where the schema is declared) always wins.
 */
type Issue = z.core.$ZodRawIssue;

const NOUNS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
  null: "empty (null)",
};

const FORMATS: Record<string, string> = {
  uuid: "is not a valid id (ids look like 3f2b8c1e-5d7a-4e0b-9c61-2a4d8e9f0b13)",
  guid: "is not a valid id",
  email: "is not an e-mail address",
  url: "is not a web address (such as https://example.com)",
  datetime: "should be a date and time such as 2026-01-31T12:00:00Z",
  date: "should be a date such as 2026-01-31",
  regex: "is not in the expected format",
};

function sized(issue: Issue & { origin?: string; minimum?: unknown; maximum?: unknown }, bound: "at least" | "at most"): string {
  const limit = Number(bound === "at least" ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case "string":
      return bound === "at least" && limit === 1 ? "cannot be empty" : `needs ${bound} ${limit} ${limit === 1 ? "character" : "characters"}`;
    case "array":
    case "set":
      return bound === "at least" && limit === 1 ? "needs at least one entry" : `needs ${bound} ${limit} ${limit === 1 ? "entry" : "entries"}`;
    default:
      return `should be ${bound} ${limit}`;
  }
}

export function plainZodMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "is required";
      const expected = String((issue as { expected?: string }).expected ?? "");
      return `should be ${NOUNS[expected] ?? "of another kind"}`;
    }
    case "invalid_value": {
      const values = ((issue as { values?: unknown[] }).values ?? []).map(String);
      return values.length === 1 ? `should be ${values[0]}` : `should be one of: ${values.join(", ")}`;
    }
    case "unrecognized_keys": {
      const keys = (issue as { keys?: string[] }).keys ?? [];
      return `Unrecognized ${keys.length === 1 ? "key" : "keys"}: ${keys.map((key) => `"${key}"`).join(", ")} ${keys.length === 1 ? "is" : "are"} not part of this request`;
    }
    case "too_small":
      return sized(issue as Issue & { origin?: string; minimum?: unknown }, "at least");
    case "too_big":
      return sized(issue as Issue & { origin?: string; maximum?: unknown }, "at most");
    case "invalid_format":
      return FORMATS[String((issue as { format?: string }).format)] ?? "is not in the expected format";
    case "invalid_union":
      return "is not valid here: check the documentation for the accepted forms";
    case "not_multiple_of":
      return `should be a multiple of ${String((issue as { divisor?: unknown }).divisor)}`;
    default:
      return undefined;
  }
}

z.config({ customError: plainZodMessage });
