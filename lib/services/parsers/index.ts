export { createParser, type CreateParserInput } from "./create";
export { listParsers } from "./list";
