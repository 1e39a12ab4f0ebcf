import "server-only";
import type { Parser } from "@/lib/contracts/parsers";
import type { parsers } from "@/lib/db/schema";
import { env } from "@/lib/env";

type ParserRow = typeof parsers.$inferSelect;

export function toParser(row: ParserRow, counts: Parser["counts"]): Parser {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    isActive: row.isActive,
    acceptedFileTypes: row.settings.acceptedFileTypes,
    settings: row.settings,
    emailAddress: `${row.slug}@${env().INBOUND_DOMAIN}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    counts,
  };
}
