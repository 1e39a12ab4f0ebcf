/** What the tree asks its page to do; each answers with an error message to show, or success. */
export type FolderActionResult = { ok: true } | { ok: false; message: string };

export type FolderTreeActions = {
  create: (input: { name: string; parentId: string | null; color: string | null }) => Promise<FolderActionResult>;
  rename: (id: string, name: string) => Promise<FolderActionResult>;
  recolor: (id: string, color: string | null) => Promise<FolderActionResult>;
  move: (id: string, parentId: string | null) => Promise<FolderActionResult>;
  remove: (id: string, deleteDocuments: boolean) => Promise<FolderActionResult>;
};
