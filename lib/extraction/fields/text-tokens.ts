/** Word normalisation shared by label matching: case-folded, accents removed, surrounding punctuation stripped. */
export function normaliseToken(word: string): string {
  const folded = word
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[°º]/g, "o");
  // Inner punctuation goes too, so "Rechnungs-Nr.", "USt.-IdNr." and "Art.Nr." compare as single words.
  return folded.replace(/[^\p{L}\p{N}#%]+/gu, "");
}

export function tokenise(text: string): string[] {
  return text.split(/\s+/).map(normaliseToken).filter((t) => t !== "");
}
