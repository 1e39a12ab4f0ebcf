import { einvoiceReadingEnabled } from "./einvoice";
import { llmOptionsFromEnv } from "./llm/llm-provider";
import type { ExtractionInput } from "./types";

/**
 * The server settings the engine honours, read from the environment at the engine's edge (the worker thread, the
 * benchmarks), so `extractDocument` itself reads none: `EINVOICE_XML` and the optional LLM provider (`LLM_*`).
 */
export function serverExtractionSettings(env: Partial<NodeJS.ProcessEnv> = process.env): Pick<ExtractionInput, "einvoiceXml" | "llm"> {
  return { einvoiceXml: einvoiceReadingEnabled(env), llm: llmOptionsFromEnv(env) };
}
