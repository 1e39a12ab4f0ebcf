import type { Word } from "../types";
import type { HeaderColumn } from "./find-header";

export type TypedColumn = HeaderColumn & { field: string | null };

/**
 * Column typing from content: a header can name two columns with description words ("Item", "Product"). When the
 * leftmost of them holds a lone running number in the first item row and no column is the position, it is the
 * position column and the next one carries the description. Changes the columns in place; true when it did.
 */
export function typePositionColumn(columns: TypedColumn[], firstItem: Map<TypedColumn, Word[]>, fieldForKey: Map<string, string>): boolean {
  const positionField = fieldForKey.get("position");
  const descriptionField = fieldForKey.get("description");
  if (!positionField || !descriptionField || columns.some((c) => c.key === "position")) return false;
  const descriptions = columns.filter((c) => c.key === "description");
  const [first, second] = descriptions;
  if (!first || !second || columns[0] !== first) return false;
  const words = firstItem.get(first) ?? [];
  if (words.length !== 1 || !/^\d{1,3}$/.test(words[0]!.text)) return false;
  first.key = "position";
  first.field = positionField;
  second.field = descriptionField;
  return true;
}
