import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { SignInSchema } from "@/lib/contracts/setup";
import { getRuntime } from "@/lib/runtime";
import { endSession, isSessionActive, SESSION_MAX_AGE_SECONDS, sessionKey, startSession } from "@/lib/services/sessions";
import { secureCookies } from "./cookies";
import { sameSiteRedirect } from "./redirect";
import { authSecret } from "@/lib/secrets/secret";
import { authorizeThrottled } from "./sign-in-throttle";

/**
 * next-auth v5 with e-mail and password, JWT sessions. The config is a function so the secret is read at
 * request time (it may be generated into DATA_DIR on first start), never during `next build`.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true,
  // Decided by the public address, not by each request's scheme: behind a TLS-terminating proxy the request the
  // server sees is http, but the browser's is https and its cookies must never travel in clear.
  useSecureCookies: secureCookies(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/sign-in" },
  logger: {
    // A wrong password is an everyday event, not a server error: keep it out of the error log.
    error(error) {
      // By `type`, which survives minification (the class name does not); covers the throttle's subclass too.
      if ((error as { type?: string }).type === "CredentialsSignin") return;
      console.error("[auth]", error);
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (raw, request) => {
        const parsed = SignInSchema.safeParse({ email: raw.email, password: raw.password });
        if (!parsed.success) return null;
        // Per account and per client address, with a growing wait (lib/auth/sign-in-throttle.ts).
        return authorizeThrottled(parsed.data, request);
      },
    }),
  ],
  callbacks: {
    // After sign-in or sign-out, only a path on this site (lib/auth/redirect.ts): never an open redirect.
    redirect: sameSiteRedirect,
    // A JWT alone cannot be revoked, so every sign-in starts a server-side session whose id rides in the (encrypted)
    // JWT, and every read of the session checks it: after sign-out a replayed cookie is worth nothing.
    async jwt({ token, user }) {
      const runtime = await getRuntime();
      if (user?.id) {
        token.sub = user.id;
        token.sid = await startSession(runtime.db, user.id);
        return token;
      }
      const active = typeof token.sid === "string" && typeof token.sub === "string" && (await isSessionActive(runtime.db, { sessionId: token.sid, userId: token.sub }));
      return active ? token : null; // null: next-auth drops the cookie and the caller is signed out
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      // The session's table key (a hash, never the session id itself): console tokens name it, so they end with it.
      return typeof token.sid === "string" ? Object.assign(session, { sessionKey: sessionKey(token.sid) }) : session;
    },
  },
  events: {
    async signOut(message) {
      const sessionId = "token" in message ? message.token?.sid : undefined;
      if (typeof sessionId === "string") await endSession((await getRuntime()).db, sessionId);
    },
  },
}));
