/** Value lists shared by the database schema, the contracts and the console; pure, so the browser may import them. */
export const REGIONS = ["us", "eu"] as const;
export type Region = (typeof REGIONS)[number];

export const ROLES = ["admin", "member", "reviewer"] as const;
export type Role = (typeof ROLES)[number];

/** Field types: the scalar ones, plus `table`, whose columns are fields themselves. */
export const SCALAR_FIELD_TYPES = ["text", "number", "date", "currency", "boolean", "email", "phone", "url", "address", "select"] as const;
export const FIELD_TYPES = [...SCALAR_FIELD_TYPES, "table"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
