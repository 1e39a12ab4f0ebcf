"use client";

import { useStoredSetting } from "./use-stored-setting";

/** Whether tables get the workspace's full width (under the document and the form); remembered in the browser. */
export function useWideTables(): [boolean, (wide: boolean) => void] {
  const [stored, store] = useStoredSetting("quarry.review.wideTables");
  return [stored === "true", (wide: boolean) => store(String(wide))];
}
