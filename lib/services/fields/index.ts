export { createField } from "./create";
export { deleteField } from "./delete";
export { listFields } from "./list";
export { reorderFields } from "./reorder";
export { updateField } from "./update";
