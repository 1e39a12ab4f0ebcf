/**
 * Spaces the recogniser lost in OCR'd names and addresses. PP-OCR splits words at ink gaps, and the gap after a
 * closing bracket is narrow on receipt fonts: "(KL)SDN BHD", "(X)U13/X". In the receipts' ground truth (dev and
 * receipts-dev, 116 receipts) a closing bracket is followed by a space before a letter or digit 70 times and directly
 * by one never.
 */
export function spaceAfterBracket(text: string): string {
  return text.replace(/\)(?=[\p{L}\d])/gu, ") ");
}

/**
 * The space before an opening bracket, lost the same way ("BAKERIES(KL)", "SDN BHD(12345-X)"): in the same ground
 * truth an opening bracket after a letter or digit has a space before it 37 times out of 37.
 */
export function spaceBeforeBracket(text: string): string {
  return text.replace(/(?<=[\p{L}\d.])\((?=[\p{L}\d])/gu, " (");
}

/** "SDNBHD": the two words of the Malaysian legal form read as one ("SDN.BHD" is printed so and stays). */
export function spaceInLegalForm(text: string): string {
  return text.replace(/\b(SDN)(BHD)\b/gi, "$1 $2");
}
