import { connection } from "next/server";
import { protectedResourceMetadata, protectedResourceOptions } from "@/lib/mcp/oauth/protected-resource";

export async function GET(request: Request): Promise<Response> {
  await connection(); // depends on PUBLIC_BASE_URL at run time, not at build time
  return protectedResourceMetadata(request);
}

export const OPTIONS = protectedResourceOptions;
