"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { isFocusRoute } from "./focus-route";

/** The parser's header and tabs, left out on the review workspace (a focus screen with its own header). */
export function ParserChrome({ children }: { children: ReactNode }) {
  return isFocusRoute(usePathname()) ? null : <>{children}</>;
}
