import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase, makeParser, makeTeam } from "@/lib/db/factories";
import { fingerprintKeys, fingerprintSimilarity, type Fingerprint } from "@/lib/extraction/memory";
import { findMatches, storeExample } from "./internal";

let handle: DatabaseHandle;
afterAll(() => handle.close());

const taught: Fingerprint[] = [
  { identifiers: ["vat:DE123456789"], name: "nordwind", header: ["invoice", "nordwind", "bremen"], footer: ["bank"] },
  { identifiers: [], name: "suedwind", header: ["invoice", "suedwind", "munich"], footer: ["bank", "thanks"] },
  { identifiers: [], name: "ostwind", header: ["invoice", "ostwind"], footer: ["bank"] },
];
let parserId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const team = await makeTeam(handle.db);
  parserId = (await makeParser(handle.db, team.id)).id;
  for (const fingerprint of taught) {
    await storeExample(handle.db, { teamId: team.id, parserId, documentId: null, taughtBy: "import", fingerprint, evidence: { fields: {}, tables: {} } });
  }
});

describe("findMatches", () => {
  it("scores each candidate as the examples score among themselves: every key weighed by its rarity in the parser's memory", async () => {
    // "bremem" is a near spelling of a key only the first example has: credited with that key's own weight.
    const query: Fingerprint = { identifiers: ["vat:DE123456789"], name: null, header: ["invoice", "nordwind", "bremem"], footer: [] };
    const frequency = new Map<string, number>();
    for (const fingerprint of taught) for (const key of new Set(fingerprintKeys(fingerprint))) frequency.set(key, (frequency.get(key) ?? 0) + 1);
    const matches = await findMatches(handle.db, { parserId, fingerprint: query });
    expect(matches.map((match) => match.example.fingerprint.name)).toEqual(["nordwind", "ostwind", "suedwind"]);
    for (const match of matches) {
      const expected = fingerprintSimilarity(fingerprintKeys(query), fingerprintKeys(match.example.fingerprint), (key) => frequency.get(key) ?? 1, taught.length);
      expect(match.similarity).toBeCloseTo(expected, 9);
    }
    expect(matches[0]!.similarity).toBeGreaterThan(0.9);
  });
});
