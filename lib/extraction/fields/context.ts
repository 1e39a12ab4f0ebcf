import type { DateOrder } from "../../normalise/dates";
import type { DocLine } from "./document-lines";
import type { Candidate } from "./find-labelled-value";

/** What field finders share for one document: its lines, date order, full text and the values found so far. */
export type FieldContext = {
  lines: DocLine[];
  order: DateOrder;
  fullText: string;
  found: Map<string, Candidate>;
  /** Labelled candidates per concept key, kept for the confidence's agreement and rival features. */
  candidates?: Map<string, Candidate[]>;
};
