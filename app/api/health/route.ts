import { connection } from "next/server";
import { env } from "@/lib/env";
import { getRuntime } from "@/lib/runtime";

/** 200 once migrations ran and the worker is up; 503 with the reason otherwise. No auth. */
export async function GET(): Promise<Response> {
  await connection();
  try {
    const runtime = await getRuntime();
    await runtime.ping();
    return Response.json({ status: "ok", region: env().REGION, version: runtime.version, database: runtime.handle.kind, worker: runtime.workers ? "inline" : "off" });
  } catch (error) {
    console.error("[health]", error);
    return Response.json({ status: "unavailable", region: env().REGION, message: "Starting up or the database is unreachable" }, { status: 503 });
  }
}
