import type { LlmOptions, PageModel } from "../types";

export type { LlmOptions };

/** The document as the model reads it: each page's lines under a page marker, cut at `maxChars`. */
export function documentText(model: PageModel, maxChars: number): string {
  return model.pages
    .map((page) => `--- page ${page.number} ---\n${page.blocks.flatMap((block) => block.lines.map((line) => line.text)).join("\n")}`)
    .join("\n")
    .slice(0, maxChars);
}

/**
 * One question to an OpenAI-compatible chat-completions endpoint, answered as JSON under a strict JSON schema
 * (temperature 0). The parsed JSON object, or null on any error, timeout, refusal or malformed answer: every
 * caller has an offline answer to fall back on.
 */
export async function askForJson({
  options,
  instructions,
  document,
  schemaName,
  schema,
}: {
  options: LlmOptions;
  instructions: string;
  document: string;
  schemaName: string;
  schema: object;
}): Promise<Record<string, unknown> | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
  try {
    const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/chat/completions`, {
      method: "POST",
      signal: controller.signal,
      headers: { "content-type": "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      body: JSON.stringify({
        model: options.model ?? "default",
        temperature: 0,
        messages: [
          { role: "system", content: instructions },
          { role: "user", content: document },
        ],
        response_format: { type: "json_schema", json_schema: { name: schemaName, strict: true, schema } },
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const content = body.choices?.[0]?.message?.content;
    if (!content) return null;
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
