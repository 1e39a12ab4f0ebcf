import { describe, expect, it } from "vitest";
import { PasswordSchema } from "@/lib/contracts/setup";
import { temporaryPassword } from "./reset-password";

describe("temporary passwords", () => {
  it("are four readable groups without look-alike characters, valid as passwords, and never repeat", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 200; index += 1) {
      const password = temporaryPassword();
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
      expect(password).not.toMatch(/[0O1lI]/);
      expect(PasswordSchema.safeParse(password).success).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
