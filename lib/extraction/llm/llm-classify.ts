import type { ClassLabel, Classification } from "../classify/classify-document";
import type { PageModel } from "../types";
import type { LlmOptions } from "./llm-provider";

/** The classifier reads the start of a document: the type shows in its title and first page. */
const MAX_PROMPT_CHARS = 12_000;
const NONE = "none";

function documentText(model: PageModel): string {
  return model.pages
    .map((page) => `--- page ${page.number} ---\n${page.blocks.flatMap((block) => block.lines.map((line) => line.text)).join("\n")}`)
    .join("\n")
    .slice(0, MAX_PROMPT_CHARS);
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint which label fits the document, with a strict JSON schema
 * whose enum is the labels plus `none`. Null on any error, timeout or malformed answer, so the caller keeps the
 * offline verdict.
 */
export async function classifyWithLlm(model: PageModel, labels: readonly ClassLabel[], options: LlmOptions & { instructions?: string }): Promise<Classification | null> {
  if (labels.length === 0) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
  const names = labels.map((label) => label.name);
  try {
    const guidance = options.instructions?.trim() ? `\nGuidance from the user: ${options.instructions.trim()}` : "";
    const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/chat/completions`, {
      method: "POST",
      signal: controller.signal,
      headers: { "content-type": "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      body: JSON.stringify({
        model: options.model ?? "default",
        temperature: 0,
        messages: [
          {
            role: "system",
            content: `Decide which document type the document is: one of ${names.map((name) => JSON.stringify(name)).join(", ")}, or "${NONE}" when none fits. Answer only with JSON matching the schema; give a one-sentence reason.${guidance}`,
          },
          { role: "user", content: documentText(model) },
        ],
        response_format: {
          type: "json_schema",
          json_schema: {
            name: "classification",
            strict: true,
            schema: {
              type: "object",
              additionalProperties: false,
              required: ["label", "reason"],
              properties: { label: { type: "string", enum: [...names, NONE] }, reason: { type: "string" } },
            },
          },
        },
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const parsed: unknown = JSON.parse(body.choices?.[0]?.message?.content ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { label, reason } = parsed as { label?: unknown; reason?: unknown };
    const text = typeof reason === "string" ? reason.slice(0, 500) : "";
    if (label === NONE) return { label: null, score: 0, reason: `language model: ${text || "no type fits"}` };
    const match = names.find((name) => typeof label === "string" && name.toLowerCase() === label.toLowerCase());
    return match ? { label: match, score: 0.9, reason: `language model: ${text}` } : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
