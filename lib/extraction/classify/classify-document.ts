import { tokenise } from "../fields/text-tokens";
import { pageLines } from "../layout/build-page";
import type { PageModel } from "../types";

export type ClassLabel = { name: string; synonyms?: string[]; instructions?: string };

export type Classification = { label: string | null; score: number; reason: string };

/** Words documents use to name their own type, across languages; extends labels whose names match a key. */
const BUILT_IN_SYNONYMS: Record<string, string[]> = {
  invoice: ["invoice", "tax invoice", "rechnung", "facture", "factuur", "factura", "fattura", "bill", "invoice number", "rechnungsnummer"],
  receipt: ["receipt", "cash sale", "quittung", "kassenbon", "beleg", "recu", "reçu", "ticket", "bon", "kassabon", "thank you", "change"],
  "credit note": ["credit note", "gutschrift", "avoir", "creditnota", "nota de credito", "rechnungskorrektur"],
  "purchase order": ["purchase order", "bestellung", "bon de commande", "inkooporder", "orden de compra", "po number"],
  "delivery note": ["delivery note", "packing slip", "lieferschein", "bon de livraison", "pakbon", "albaran"],
  quote: ["quote", "quotation", "angebot", "devis", "offerte", "estimate", "presupuesto"],
  "bank statement": ["bank statement", "kontoauszug", "releve de compte", "rekeningafschrift", "account statement"],
  contract: ["contract", "agreement", "vertrag", "contrat", "overeenkomst", "terms and conditions"],
  resume: ["resume", "curriculum vitae", "cv", "lebenslauf", "work experience", "education"],
};

const STOP = new Set(["the", "and", "for", "with", "this", "that", "from", "are", "der", "die", "das", "und", "les", "des", "une", "documents", "document", "which", "have", "has"]);

function termsFor(label: ClassLabel): string[] {
  const name = label.name.replace(/[_\-]+/g, " ").trim().toLowerCase();
  const terms = new Set<string>([name, ...(label.synonyms ?? []).map((s) => s.toLowerCase())]);
  for (const [key, words] of Object.entries(BUILT_IN_SYNONYMS)) {
    if (name === key || name === `${key}s` || (label.synonyms ?? []).some((s) => s.toLowerCase() === key)) words.forEach((w) => terms.add(w));
  }
  // Quoted phrases and long words of the instructions are evidence too ("contains 'Lieferschein'").
  for (const m of (label.instructions ?? "").matchAll(/["'“„]([^"'”“]{3,40})["'”]/g)) if (m[1]) terms.add(m[1].toLowerCase());
  return [...terms].filter((t) => t.length >= 2);
}

function countPhrase(tokens: string[], phrase: string[]): number {
  let n = 0;
  for (let i = 0; i + phrase.length <= tokens.length; i += 1) if (phrase.every((t, k) => tokens[i + k] === t)) n += 1;
  return n;
}

/**
 * Scores each label by how often its name, synonyms and quoted instruction phrases occur, with occurrences in the
 * title area (top fifth of the first page, large type) counting three times. Score = 1 − e^(−evidence / 3).
 */
export function classifyDocument(model: PageModel, labels: ClassLabel[]): Classification {
  const first = model.pages[0];
  const titleTokens = first
    ? pageLines(first)
        .filter((l) => l.box.y < 0.2)
        .flatMap((l) => tokenise(l.text))
    : [];
  const allTokens = model.pages.flatMap((p) => pageLines(p).flatMap((l) => tokenise(l.text)));
  const instructionWords = (label: ClassLabel) =>
    tokenise(label.instructions ?? "").filter((w) => w.length >= 5 && !STOP.has(w));
  let best: Classification = { label: null, score: 0, reason: "no label matched the document" };
  for (const label of labels) {
    const found: string[] = [];
    let evidence = 0;
    for (const term of termsFor(label)) {
      const phrase = tokenise(term);
      if (phrase.length === 0) continue;
      const inTitle = countPhrase(titleTokens, phrase);
      const anywhere = countPhrase(allTokens, phrase);
      if (anywhere === 0) continue;
      const weight = phrase.length > 1 ? 1.5 : 1;
      evidence += weight * (Math.min(anywhere, 5) + 2 * Math.min(inTitle, 2));
      found.push(`"${term}" ×${anywhere}${inTitle > 0 ? " (title)" : ""}`);
    }
    for (const word of instructionWords(label)) {
      const n = countPhrase(allTokens, [word]);
      if (n > 0) {
        evidence += 0.3 * Math.min(n, 3);
        found.push(`"${word}" ×${n}`);
      }
    }
    const score = Math.round((1 - Math.exp(-evidence / 3)) * 100) / 100;
    if (score > best.score) best = { label: label.name, score, reason: `matched ${found.slice(0, 4).join(", ")}` };
  }
  return best;
}
