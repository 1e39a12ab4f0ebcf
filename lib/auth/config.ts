import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { SignInSchema } from "@/lib/contracts/setup";
import { getRuntime } from "@/lib/runtime";
import { endSession, isSessionActive, SESSION_MAX_AGE_SECONDS, startSession } from "@/lib/services/sessions";
import { verifyCredentials } from "@/lib/services/teams";
import { authSecret } from "./secret";

/**
 * next-auth v5 with e-mail and password, JWT sessions. The config is a function so the secret is read at
 * request time (it may be generated into DATA_DIR on first start), never during `next build`.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/sign-in" },
  logger: {
    // A wrong password is an everyday event, not a server error: keep it out of the error log.
    error(error) {
      if (error.name === "CredentialsSignin") return;
      console.error("[auth]", error);
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (raw) => {
        const parsed = SignInSchema.safeParse({ email: raw.email, password: raw.password });
        if (!parsed.success) return null;
        const runtime = await getRuntime();
        return verifyCredentials(runtime.db, parsed.data.email, parsed.data.password);
      },
    }),
  ],
  callbacks: {
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
      return session;
    },
  },
  events: {
    async signOut(message) {
      const sessionId = "token" in message ? message.token?.sid : undefined;
      if (typeof sessionId === "string") await endSession((await getRuntime()).db, sessionId);
    },
  },
}));
