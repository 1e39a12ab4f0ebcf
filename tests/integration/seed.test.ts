import { describe, expect, it } from "vitest";
import { parseSeedOutput } from "../support/seed-output";
import { call, quarry } from "../support/http";
import { runSeed } from "../support/server";

describe("seed (DESIGN §1.3)", () => {
  it("printed two teams with an admin and a reviewer each and a working key per team", async () => {
    const { seed } = quarry();
    expect(seed.region).toBe("us");
    expect(seed.teams.map((team) => team.name)).toEqual(["Acme", "Globex"]);
    for (const team of seed.teams) {
      expect(team.members.map((member) => member.role)).toEqual(["admin", "reviewer"]);
      const me = await call<{ team: { id: string }; permissions: string[] }>("/api/v1/me", { key: team.apiKey });
      expect(me.body.team.id).toBe(team.id);
      expect(me.body.permissions).toEqual(expect.arrayContaining(["parsers.write", "reviews.write", "webhooks.write", "apiKeys.write"]));
    }
    expect(seed.teams[0]!.members[0]!.email).toBe("admin@acme.test");
  });

  it.runIf(quarry().backend === "pglite")("stops with a clear message while a server holds the embedded database", () => {
    const result = runSeed({ DATA_DIR: quarry().dataDir, DATABASE_URL: "" });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("in use by another Quarry process");
  });

  it.runIf(quarry().backend === "postgres")("runs again at any time: same teams and users, a fresh key per team", async () => {
    const first = quarry().seed;
    const result = runSeed({ DATA_DIR: quarry().dataDir, DATABASE_URL: quarry().databaseUrl! });
    expect(result.status).toBe(0);
    const second = parseSeedOutput(result.stdout);
    expect(second.teams.map((team) => team.id)).toEqual(first.teams.map((team) => team.id));
    expect(second.teams.map((team) => team.members.map((member) => member.id))).toEqual(first.teams.map((team) => team.members.map((member) => member.id)));
    expect(second.teams[0]!.apiKey).not.toBe(first.teams[0]!.apiKey);
    expect((await call("/api/v1/me", { key: second.teams[0]!.apiKey })).status).toBe(200);
    expect((await call("/api/v1/me", { key: first.teams[0]!.apiKey })).status).toBe(200);
  });
});
