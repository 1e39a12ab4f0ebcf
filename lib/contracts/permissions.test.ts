import { describe, expect, it } from "vitest";
import { effectivePermissions, KEY_PERMISSIONS, roleAllows, ROLE_PERMISSIONS } from "./permissions";

describe("permission table", () => {
  it("gives admins everything", () => {
    expect(ROLE_PERMISSIONS.admin).toContain("members.manage");
    expect(ROLE_PERMISSIONS.admin).toContain("webhooks.write");
  });

  it("keeps members away from members, webhooks and reviews decisions", () => {
    expect(roleAllows("member", "members.manage")).toBe(false);
    expect(roleAllows("member", "webhooks.write")).toBe(false);
    expect(roleAllows("member", "reviews.write")).toBe(false);
    expect(roleAllows("member", "apiKeys.write")).toBe(true);
  });

  it("lets reviewers review but not manage keys", () => {
    expect(roleAllows("reviewer", "reviews.write")).toBe(true);
    expect(roleAllows("reviewer", "apiKeys.write")).toBe(false);
    expect(roleAllows("reviewer", "parsers.write")).toBe(false);
  });

  it("never widens a key beyond its creator's role", () => {
    expect(effectivePermissions("reviewer", ["reviews.write", "parsers.write"])).toEqual(["reviews.write"]);
    expect(effectivePermissions("member", undefined)).toEqual([...ROLE_PERMISSIONS.member]);
  });

  it("lets only admins grant member management to a key", () => {
    expect(KEY_PERMISSIONS).toContain("members.manage");
    expect(effectivePermissions("member", KEY_PERMISSIONS)).not.toContain("members.manage");
  });
});
