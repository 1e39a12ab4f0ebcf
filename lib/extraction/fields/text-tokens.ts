/**
 * Tokens already normalised. Label matching, header detection and classification normalise every word of a
 * document several times over, and documents repeat their words: one Unicode decomposition and three regular
 * expressions per distinct word instead. Cleared when it grows past a bound, so a long-lived worker stays small.
 */
const normalised = new Map<string, string>();
const MAX_CACHED_TOKENS = 50_000;

/** Word normalisation shared by label matching: case-folded, accents removed, surrounding punctuation stripped. */
export function normaliseToken(word: string): string {
  let token = normalised.get(word);
  if (token === undefined) {
    if (normalised.size >= MAX_CACHED_TOKENS) normalised.clear();
    token = normaliseUncached(word);
    normalised.set(word, token);
  }
  return token;
}

function normaliseUncached(word: string): string {
  const folded = word
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[°º]/g, "o");
  // Inner punctuation goes too, so "Rechnungs-Nr.", "USt.-IdNr." and "Art.Nr." compare as single words.
  const token = folded.replace(/[^\p{L}\p{N}#%]+/gu, "");
  // "MwSt-%" and "VAT%" are the tax label itself; a lone "%" stays a token.
  return /\p{L}/u.test(token) ? token.replace(/%/g, "") : token;
}

export function tokenise(text: string): string[] {
  return text.split(/\s+/).map(normaliseToken).filter((t) => t !== "");
}
