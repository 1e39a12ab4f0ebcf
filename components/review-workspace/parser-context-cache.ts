"use client";

import type { ParserContext } from "./workspace-document";

/** How long a parser's reviewers, checks and my shortcuts are reused before they are asked for again. */
const MAX_AGE_MS = 120_000;

const known = new Map<string, { context: ParserContext; at: number }>();
/** The document the workspace itself is moving to (next, previous, after a decision), until that one asks. */
let movingTo: string | null = null;

/** Called when the workspace opens another document of my queue itself. */
export function movingToDocument(documentId: string): void {
  movingTo = documentId;
}

/** The parser's context as a workspace of this tab loaded it in the last two minutes, or null. */
export function cachedParserContext(parserId: string): ParserContext | null {
  const entry = known.get(parserId);
  return entry && Date.now() - entry.at <= MAX_AGE_MS ? entry.context : null;
}

/**
 * The parser's context for a document the workspace moved to itself: going through a queue, every document asked
 * for the same reviewers, checks and shortcuts again, three API calls that a save typed right after the page
 * showed would wait behind (server actions run one at a time). Any other way in (a link, a reload, another page in
 * between where the checks may have been edited) asks again.
 */
export function parserContextFor(parserId: string, documentId: string): ParserContext | null {
  const reachedFromWorkspace = movingTo === documentId;
  movingTo = null;
  return reachedFromWorkspace ? cachedParserContext(parserId) : null;
}

export function rememberParserContext(parserId: string, context: ParserContext): void {
  known.set(parserId, { context, at: Date.now() });
}
