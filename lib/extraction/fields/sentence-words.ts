import { linesOnPage, sameRow, type DocLine } from "./document-lines";

/**
 * "EL CLIENTE ACEPTA Y RECONOCE …": a party's word that a justified sentence's spacing set apart as a line of its own;
 * the sentence's words stand a word space from it on either side, where a block heading stands alone or far apart.
 */
export function insideSentence(lines: DocLine[], heading: DocLine): boolean {
  const space = heading.box.h * 2;
  const mates = linesOnPage(lines, heading.page).filter((l) => l.index !== heading.index && sameRow(l.box, heading.box));
  const left = mates.some((l) => heading.box.x - (l.box.x + l.box.w) >= -1e-4 && heading.box.x - (l.box.x + l.box.w) < space && /\p{L}$/u.test(l.text));
  const right = mates.some((l) => l.box.x - (heading.box.x + heading.box.w) >= -1e-4 && l.box.x - (heading.box.x + heading.box.w) < space);
  return left && right;
}
