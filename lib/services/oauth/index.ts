export * from "./connections";
export * from "./records";
export * from "./prune-clients";
