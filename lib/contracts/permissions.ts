import type { Role } from "@/lib/contracts/enums";

/**
 * Permissions are `resource.action` strings. A role grants a set; an API key carries a subset chosen at
 * creation, never more than its creator's role, and is re-intersected with that role on every request so a
 * demoted creator's keys shrink with them.
 */
export const PERMISSIONS = [
  "parsers.read",
  "parsers.write",
  "classifiers.read",
  "classifiers.write",
  "documents.read",
  "documents.write",
  "reviews.read",
  "reviews.write",
  "exports.read",
  "webhooks.read",
  "webhooks.write",
  "apiKeys.write",
  "members.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Permissions a key may carry: any of them, but never more than its creator's role (see createApiKey). */
export const KEY_PERMISSIONS = PERMISSIONS;

export const PERMISSION_LABELS: Record<Permission, string> = {
  "parsers.read": "Read parsers and fields",
  "parsers.write": "Create and change parsers, fields and folders",
  "classifiers.read": "Read classifiers",
  "classifiers.write": "Create and change classifiers",
  "documents.read": "Read documents and extracted data",
  "documents.write": "Upload, change and delete documents",
  "reviews.read": "Read review stages",
  "reviews.write": "Approve, reject, reset and assign reviews",
  "exports.read": "Export data",
  "webhooks.read": "Read webhooks and deliveries",
  "webhooks.write": "Manage webhooks",
  "apiKeys.write": "Manage API keys",
  "members.manage": "Manage members",
};

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  member: [
    "parsers.read",
    "parsers.write",
    "classifiers.read",
    "classifiers.write",
    "documents.read",
    "documents.write",
    "reviews.read",
    "exports.read",
    "apiKeys.write",
  ],
  reviewer: ["parsers.read", "documents.read", "reviews.read", "reviews.write"],
};

export function roleAllows(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function effectivePermissions(role: Role, requested?: readonly string[]): Permission[] {
  const granted = ROLE_PERMISSIONS[role];
  if (!requested) return [...granted];
  return granted.filter((permission) => requested.includes(permission));
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
