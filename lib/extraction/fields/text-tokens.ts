/** Word normalisation shared by label matching: case-folded, accents removed, surrounding punctuation stripped. */
export function normaliseToken(word: string): string {
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
