import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { consoleApi } from "@/lib/console/api/console";
import { ApiError } from "@/lib/console/api/client";
import { parserOperations, type Parser } from "@/lib/contracts/parsers";

/** The parser a console page is about (archived ones too); another team's or an unknown id is the 404 page. */
export const getParserOrNotFound = cache(async (parserId: string): Promise<Parser> => {
  try {
    return await (await consoleApi()).call(parserOperations.get, { params: { parserId }, query: { includeArchived: "true" } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
});
