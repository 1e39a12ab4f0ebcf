import type { ClassLabel, Classification } from "../classify/classify-document";
import type { PageModel } from "../types";
import { askForJson, documentText, type LlmOptions } from "./chat-completion";

/** The classifier reads the start of a document: the type shows in its title and first page. */
const MAX_PROMPT_CHARS = 12_000;
const NONE = "none";

/**
 * Asks an OpenAI-compatible chat-completions endpoint which label fits the document, with a strict JSON schema
 * whose enum is the labels plus `none`. Null on any error, timeout or malformed answer, so the caller keeps the
 * offline verdict.
 */
export async function classifyWithLlm(model: PageModel, labels: readonly ClassLabel[], options: LlmOptions & { instructions?: string }): Promise<Classification | null> {
  if (labels.length === 0) return null;
  const names = labels.map((label) => label.name);
  const guidance = options.instructions?.trim() ? `\nGuidance from the user: ${options.instructions.trim()}` : "";
  const answer = await askForJson({
    options,
    instructions: `Decide which document type the document is: one of ${names.map((name) => JSON.stringify(name)).join(", ")}, or "${NONE}" when none fits. Answer only with JSON matching the schema; give a one-sentence reason.${guidance}`,
    document: documentText(model, MAX_PROMPT_CHARS),
    schemaName: "classification",
    schema: {
      type: "object",
      additionalProperties: false,
      required: ["label", "reason"],
      properties: { label: { type: "string", enum: [...names, NONE] }, reason: { type: "string" } },
    },
  });
  if (!answer) return null;
  const { label, reason } = answer;
  const text = typeof reason === "string" ? reason.slice(0, 500) : "";
  if (label === NONE) return { label: null, score: 0, reason: `language model: ${text || "no type fits"}` };
  const match = names.find((name) => typeof label === "string" && name.toLowerCase() === label.toLowerCase());
  return match ? { label: match, score: 0.9, reason: `language model: ${text}` } : null;
}
