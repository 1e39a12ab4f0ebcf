/**
 * "( SUNGAI RENGIT )", "(KUCHAI )": the recogniser sets a bracket off as its own word, and joining words puts a space
 * inside it that print does not have. The space inside a bracket goes; the one outside stays as read.
 */
export function closeBracketSpaces(text: string): string {
  return text.replace(/\(\s+/g, "(").replace(/\s+\)/g, ")");
}
