/**
 * How deep a JSON text nests, read without parsing it. No request of ours nests beyond a handful of levels, but
 * every walk over a parsed body (the NUL scan, zod, JSON.stringify, jsonb) recurses: thousands of levels cost a
 * second of CPU per few KB or overflow the stack as a 500. So a body deeper than the limit is refused before it is
 * parsed. The scan is one pass over the characters with a counter, never recursion: a `[` or `{` outside a string
 * opens a level, `]` or `}` closes one, and inside a string a backslash escapes the next character.
 */
export const JSON_DEPTH_LIMIT = 64;

const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** True when `text` opens more than `limit` arrays or objects inside one another (stops at the first such level). */
export function jsonNestsDeeperThan(text: string, limit: number = JSON_DEPTH_LIMIT): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

export const tooDeepMessage = (where: string) =>
  `Invalid ${where}: JSON nested deeper than ${JSON_DEPTH_LIMIT} levels of arrays and objects, which no request needs`;
