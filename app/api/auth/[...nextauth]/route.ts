import { handlers } from "@/lib/auth/config";
import { guardAuthRoute } from "@/lib/auth/route-guard";

// Bad callback URLs are a 400 and throttled sign-ins a 429 (lib/auth/route-guard.ts), never next-auth's 500.
export const GET = guardAuthRoute(handlers.GET);
export const POST = guardAuthRoute(handlers.POST);
