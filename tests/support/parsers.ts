import { beforeAll, beforeEach } from "vitest";
import { call, freshKey, seedTeam, unique } from "./http";

/** Parser-shaped answers and a helper to make a fresh parser per test. */
export type FieldBody = {
  id: string;
  name: string;
  type: string;
  description: string;
  instructions: string;
  required: boolean;
  position: number;
  options: string[];
  columns?: FieldBody[];
};

export type ParserBody = {
  id: string;
  name: string;
  description: string;
  type: string;
  isActive: boolean;
  acceptedFileTypes: { mimeType: string; label: string }[];
  settings: Record<string, unknown> & { parsePages: string; splitDocuments: Record<string, unknown> };
  counts: { totalDocuments: number; folders: number };
  createdAt: string;
  updatedAt: string;
};

export async function makeParser(key: string, body: Record<string, unknown> = {}): Promise<ParserBody> {
  const response = await call<ParserBody>("/api/v1/parsers", { key, body: { name: unique("Parser"), ...body } });
  if (response.status !== 201) throw new Error(`could not create a parser: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * A fresh key per test for each team, minted from one key per file, so neither the tests nor the files share a
 * rate-limit budget (100 requests a minute per key). Call in a file's top level.
 */
export function keysPerTest(): { acme: () => string; globex: () => string } {
  const minted: { acme?: string; globex?: string } = {};
  const minters: { acme?: string; globex?: string } = {};
  beforeAll(async () => {
    minters.acme = (await freshKey(seedTeam("Acme").apiKey)).key;
    minters.globex = (await freshKey(seedTeam("Globex").apiKey)).key;
  });
  beforeEach(async () => {
    minted.acme = (await freshKey(minters.acme!)).key;
    minted.globex = (await freshKey(minters.globex!)).key;
  });
  return { acme: () => minted.acme!, globex: () => minted.globex! };
}
