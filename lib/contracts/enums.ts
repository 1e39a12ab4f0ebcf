/** Value lists shared by the database schema, the contracts and the console; pure, so the browser may import them. */
export const REGIONS = ["us", "eu"] as const;
export type Region = (typeof REGIONS)[number];

export const ROLES = ["admin", "member", "reviewer"] as const;
export type Role = (typeof ROLES)[number];
