export { listParsers } from "./list";
