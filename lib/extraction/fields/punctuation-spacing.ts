/**
 * PP-OCR drops the space after a comma or a full stop now and then ("27,JALAN DEDAP", "S.H.H.MOTOR", "SDN.BHD"):
 * the recogniser reads a line as one string and a narrow mark with a narrow gap after it loses the gap. Names and
 * addresses must match letter for letter, so the space print most often has there is put back.
 *
 * Counted on the labels of SROIE's training receipts (386, 170 vendors; the dev sets' were not looked at): a comma
 * before a letter is followed by a space 710 times and not 117 times; in sellers' names a full stop ending a word
 * (not an initial) before a word of three letters or more is followed by a space 21 times and not twice.
 */

/** "27,JALAN", "BAHRU,JOHOR" → "27, JALAN", "BAHRU, JOHOR": a comma straight before a letter in an OCR'd address. */
export function spaceAfterComma(text: string): string {
  return text.replace(/,(?=\p{L})/gu, ", ");
}

/**
 * "S.H.H.MOTOR", "SDN.BHD" → "S.H.H. MOTOR", "SDN. BHD": a full stop straight before a word of three letters or more
 * in an OCR'd name. Initials ("D.I.Y.", "S.B") and a stop before a digit stay as read.
 */
export function spaceAfterStop(text: string): string {
  return text.replace(/(?<=\p{L})\.(?=\p{L}{3,})/gu, ". ");
}

/**
 * "GR0UND FL00R", "TAMAN REK0", "N0.3": PP-OCR reads an O as a zero in a word of capitals. A word of capitals and
 * zeros only, with two capitals or more, has letters there (no label of SROIE's 386 training receipts has a zero in
 * such a word); "N0" before a number is NO. Words with another digit ("L1-044B", "SS2", postcodes) stay as read.
 */
export function letterOForZero(text: string): string {
  return text
    .replace(/(?<![\p{L}\d])(?=(?:[\p{Lu}0]*\p{Lu}){2})[\p{Lu}0]*0[\p{Lu}0]*(?![\p{L}\d])/gu, (word) => word.replace(/0/g, "O"))
    .replace(/(?<![\p{L}\d])N0(?=[.:]?\s*\d)/gu, "NO");
}
