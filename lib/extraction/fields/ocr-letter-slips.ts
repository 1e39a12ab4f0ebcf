/**
 * "GR0UND FL00R", "TAMAN REK0", "N0.3": PP-OCR reads an O as a zero in a word of capitals. A word of capitals and
 * zeros only, with two capitals or more, has letters there: no label of SROIE's 386 training receipts (170 vendors)
 * has a zero in such a word. "N0" before a number is NO. Words with another digit ("L1-044B", "SS20", postcodes) stay
 * as read. Applied to OCR'd addresses; a name with such a zero is left empty instead (`misread-name.ts`).
 */
export function letterOForZero(text: string): string {
  return text
    .replace(/(?<![\p{L}\d])(?=(?:[\p{Lu}0]*\p{Lu}){2})[\p{Lu}0]*0[\p{Lu}0]*(?![\p{L}\d])/gu, (word) => word.replace(/0/g, "O"))
    .replace(/(?<![\p{L}\d])N0(?=[.:]?\s*\d)/gu, "NO");
}
