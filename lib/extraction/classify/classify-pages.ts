import { classifyWithLlm } from "../llm/llm-classify";
import { llmOptionsFromEnv, type LlmOptions } from "../llm/llm-provider";
import type { PageModel } from "../types";
import { classifyDocument, type ClassLabel, type Classification } from "./classify-document";

/**
 * The document type among `labels`: the configured language model's answer when there is one (LLM_BASE_URL),
 * else, and whenever the model fails, the offline classifier's.
 */
export async function classifyPages(
  model: PageModel,
  labels: ClassLabel[],
  options: { instructions?: string; llm?: LlmOptions | null } = {},
): Promise<Classification & { engine: "llm" | "offline" }> {
  const llm = options.llm === undefined ? llmOptionsFromEnv() : options.llm;
  if (llm) {
    const answer = await classifyWithLlm(model, labels, { ...llm, instructions: options.instructions });
    if (answer) return { ...answer, engine: "llm" };
  }
  return { ...classifyDocument(model, labels), engine: "offline" };
}

/**
 * Labels for routing rules with shared instructions: each label gets the sentences of the instructions that name
 * it, so "Receipts say 'Kassenbon'" is evidence for Receipt only, not for every label alike.
 */
export function labelsWithInstructions(names: readonly string[], instructions = ""): ClassLabel[] {
  const sentences = instructions
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  return names.map((name) => {
    const stem = name.toLowerCase().replace(/s$/, "");
    const own = sentences.filter((sentence) => sentence.toLowerCase().includes(stem));
    return own.length > 0 ? { name, instructions: own.join(" ") } : { name };
  });
}
