export { createFolder } from "./create";
export { deleteFolder, type DeletedFolder } from "./delete";
export { listFolders } from "./list";
export { updateFolder } from "./update";
