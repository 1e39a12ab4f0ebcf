import { createHash } from "node:crypto";

/**
 * Conditional GETs and pagination links for JSON answers. The ETag is a weak validator of the JSON text (the same
 * representation for the same data; the rate-limit headers are not part of it), so a client that sends it back in
 * If-None-Match gets a bodiless 304 and keeps its copy.
 */
export function etagOf(text: string): string {
  return `W/"${createHash("sha256").update(text).digest("base64url").slice(0, 32)}"`;
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags, or `*`. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

type PaginationLike = { page: number; limit: number; pageCount: number };

function isPagination(value: unknown): value is PaginationLike {
  if (!value || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return typeof record.page === "number" && typeof record.limit === "number" && typeof record.pageCount === "number";
}

/**
 * RFC 8288 `Link` header with first, prev, next and last beside a list's `pagination` object, as relative
 * references to the request's own path and query (only `page` changes), so they hold behind any proxy.
 */
export function paginationLinks(payload: unknown, requestUrl: string): string | null {
  if (!payload || typeof payload !== "object") return null;
  const pagination = (payload as Record<string, unknown>).pagination;
  if (!isPagination(pagination)) return null;
  const url = new URL(requestUrl);
  const link = (page: number, rel: string) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(page));
    params.set("limit", String(pagination.limit));
    return `<${url.pathname}?${params.toString()}>; rel="${rel}"`;
  };
  const last = Math.max(1, pagination.pageCount);
  const links = [link(1, "first")];
  if (pagination.page > 1) links.push(link(Math.min(pagination.page - 1, last), "prev"));
  if (pagination.page < last) links.push(link(pagination.page + 1, "next"));
  links.push(link(last, "last"));
  return links.join(", ");
}
