/**
 * The review workspace is a focus screen: it takes the whole viewport and the console's navigation shrinks to a
 * bar. A document's page is `/parsers/<id>/documents/<id>` (and nothing below it).
 */
const REVIEW_PAGE = /^\/parsers\/[^/]+\/documents\/[^/]+\/?$/;

export function isFocusRoute(pathname: string): boolean {
  return REVIEW_PAGE.test(pathname);
}
