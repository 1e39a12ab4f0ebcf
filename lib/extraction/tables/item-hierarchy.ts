/**
 * Items an invoice counts twice: groups and bundles printed as a line of their own beside the lines they are made of.
 * The amounts tell which lines are the items: a group's line carries the sum of its members (the members are the
 * items), a bundle's contents carry nothing (the bundle is the item), and a section's subtotal is the sum of the
 * items above it (no item, and no end of the table while more items follow).
 */

/** What these rules need of an item read: its printed position ("01.02") and its line amount. */
export type ReadItem = { position: string | null; amount: number | null };

/** Money compares to the cent. */
const CENT = 0.006;

/** "01.01.02" under "01.01", "1.2" under "1", "3-1" under "3": an outline number one or more levels under another. */
export function nestedUnder(child: string, parent: string): boolean {
  return child.length > parent.length + 1 && child.startsWith(parent) && /[.\-/]/.test(child[parent.length]!) && /\d$/.test(child);
}

/**
 * The items to leave out of a table read in order:
 * - a line whose amount is the sum of the lines numbered under it (01.01 = 01.01.01 + 01.01.02): the group's total;
 * - lines numbered under a priced line that carry no amount themselves (01.01 … 01.04 at 0,00 under 01): a bundle's
 *   contents, priced in the bundle.
 * Both need the outline numbers: without them a line's amount matching its neighbours' sum is chance.
 */
export function doubleCountedItems(items: ReadItem[]): Set<number> {
  const drop = new Set<number>();
  items.forEach((item, i) => {
    const position = item.position;
    if (position === null || item.amount === null) return;
    const members: number[] = [];
    for (let k = i + 1; k < items.length; k += 1) {
      const p = items[k]!.position;
      if (p === null || !nestedUnder(p, position)) break;
      members.push(k);
    }
    if (members.length === 0) return;
    // Its direct members: a member of a member is counted in that member's amount.
    const direct = members.filter((k) => !members.some((m) => m < k && nestedUnder(items[k]!.position!, items[m]!.position!)));
    const amounts = direct.map((k) => items[k]!.amount);
    if (amounts.some((a) => a === null)) return;
    const sum = amounts.reduce<number>((a, b) => a + (b ?? 0), 0);
    if (Math.abs(item.amount) >= CENT && members.every((k) => Math.abs(items[k]!.amount ?? 0) < CENT)) {
      for (const k of members) drop.add(k);
    } else if (Math.abs(sum - item.amount) < CENT) {
      drop.add(i);
    }
  });
  return drop;
}

/**
 * A subtotal line whose amount is the sum of the items read since the table's start or the last section's end (a
 * group's line or a bundle's contents counted once, as the invoice counts them).
 */
export function closesSection(subtotal: number | null, sectionItems: ReadItem[]): boolean {
  if (subtotal === null || sectionItems.length === 0) return false;
  const twice = doubleCountedItems(sectionItems);
  const sum = sectionItems.reduce((total, item, i) => (twice.has(i) ? total : total + (item.amount ?? 0)), 0);
  return Math.abs(sum - subtotal) < CENT;
}
