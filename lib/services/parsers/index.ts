export { createParser, type CreateParserInput } from "./create";
export { deleteParser } from "./delete";
export { duplicateParser } from "./duplicate";
export { getParser } from "./get";
export { listParsers } from "./list";
export { updateParser } from "./update";
