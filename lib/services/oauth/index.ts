export * from "./connections";
export * from "./records";
