export * from "./identity";
export * from "./parsers";
export * from "./documents";
export * from "./integrations";
export * from "./learning";
