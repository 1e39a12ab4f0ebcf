import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CreateApiKeySchema } from "./api-keys";
import { CreateClassifierSchema, UpdateClassifierSchema } from "./classifiers";
import { cleanDisplayName, cleanFileName, displayNameSchema } from "./common";
import { UpdateDocumentSchema } from "./documents";
import { FieldNameSchema } from "./fields";
import { CreateFolderSchema, UpdateFolderSchema } from "./folders";
import { AddMemberSchema } from "./members";
import { CreateParserSchema, DuplicateParserSchema, UpdateParserSchema } from "./parsers";
import { CreateReviewStageSchema } from "./reviews";
import { SetupSchema } from "./setup";
import { CreateWebhookSchema, UpdateWebhookSchema } from "./webhooks";

/** "abc" + RIGHT-TO-LEFT OVERRIDE + "gpj.exe" is shown as "abcexe.jpg". */
const SPOOF = "abc\u202Egpj.exe";
const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];

describe("cleanDisplayName", () => {
  it("removes every bidirectional embedding, override and isolate", () => {
    expect(cleanDisplayName(SPOOF)).toBe("abcgpj.exe");
    for (const char of BIDI) expect(cleanDisplayName(`in${char}voice`), char.codePointAt(0)!.toString(16)).toBe("invoice");
  });

  it("removes C0 controls, DEL and C1 controls", () => {
    expect(cleanDisplayName("a\u0000b\u0007c\u001Bd\u007Fe\u0080f\u009Bg")).toBe("abcdefg");
    expect(cleanDisplayName("\u001B[31mred\u001B[0m")).toBe("[31mred[0m");
  });

  it("makes one line: tabs and line breaks become one space", () => {
    expect(cleanDisplayName("Invoices\tMarch")).toBe("Invoices March");
    expect(cleanDisplayName("line one\r\nline two\u2028three\u0085four")).toBe("line one line two three four");
  });

  it("keeps letters of every script, emoji, combining marks and the marks RTL languages need", () => {
    for (const name of ["Rechnungen Ü", "発注書", "فاتورة", "חשבונית\u200F 2024", "👩🏽‍💻 Team", "e\u0301"]) expect(cleanDisplayName(name)).toBe(name);
  });
});

describe("cleanFileName", () => {
  it("cleans an uploaded file's name and never leaves it empty", () => {
    expect(cleanFileName(" report\u202Egnp.pdf ")).toBe("reportgnp.pdf");
    expect(cleanFileName("\u202E\u0000")).toBe("document");
  });
});

describe("every display name contract", () => {
  const cases: [string, z.ZodType, (name: string) => unknown, (parsed: unknown) => unknown][] = [
    ["parser create", CreateParserSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["parser update", UpdateParserSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["parser duplicate", DuplicateParserSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["field name", FieldNameSchema, (name) => name, (parsed) => parsed],
    ["folder create", CreateFolderSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["folder update", UpdateFolderSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["document rename", UpdateDocumentSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["classifier create", CreateClassifierSchema, (name) => ({ name, routing: { rules: [{ label: "Invoice", targetParserId: crypto.randomUUID() }] } }), (parsed) => (parsed as { name: string }).name],
    ["classifier update", UpdateClassifierSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    [
      "classifier rule label",
      CreateClassifierSchema,
      (name) => ({ name: "Mailroom", routing: { rules: [{ label: name, targetParserId: crypto.randomUUID() }] } }),
      (parsed) => (parsed as { routing: { rules: { label: string }[] } }).routing.rules[0]!.label,
    ],
    ["review stage", CreateReviewStageSchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["API key", CreateApiKeySchema, (name) => ({ name }), (parsed) => (parsed as { name: string }).name],
    ["member", AddMemberSchema, (name) => ({ name, email: "x@example.test", role: "reviewer" }), (parsed) => (parsed as { name: string }).name],
    ["team (setup)", SetupSchema, (name) => ({ teamName: name, name: "Ada", email: "ada@example.test", password: "a-long-password" }), (parsed) => (parsed as { teamName: string }).teamName],
    ["your name (setup)", SetupSchema, (name) => ({ teamName: "Acme", name, email: "ada@example.test", password: "a-long-password" }), (parsed) => (parsed as { name: string }).name],
    ["webhook description", CreateWebhookSchema, (name) => ({ url: "https://example.com/hook", events: ["document.approved"], description: name }), (parsed) => (parsed as { description: string }).description],
    ["webhook description update", UpdateWebhookSchema, (name) => ({ description: name }), (parsed) => (parsed as { description: string }).description],
  ];

  it.each(cases)("%s: an override and controls are removed, and the name is one line", (_label, schema, input, pick) => {
    // No dot: field names cannot have one. "total" + RLO + "fdp" reads "totalpdf".
    const parsed = schema.safeParse(input(` total\u202Efdp\t\u0007x\n`));
    expect(parsed.error?.issues).toBeUndefined();
    expect(pick(parsed.data)).toBe("totalfdp x");
  });

  it.each(cases.filter(([label]) => !label.startsWith("webhook")))("%s: a name of nothing but controls is refused as empty", (_label, schema, input) => {
    expect(schema.safeParse(input("\u202E\u202C\u0000 ")).success).toBe(false);
  });

  it("counts the length after cleaning and still refuses a name that is too long", () => {
    const schema = displayNameSchema(5);
    expect(schema.parse("\u202Eabcde\u202C")).toBe("abcde");
    expect(schema.safeParse("abcdef").success).toBe(false);
  });

  it("stays a plain string in JSON Schema, so the OpenAPI document is unchanged", () => {
    expect(z.toJSONSchema(displayNameSchema(200), { io: "input" })).toMatchObject({ type: "string", maxLength: 200 });
  });
});
