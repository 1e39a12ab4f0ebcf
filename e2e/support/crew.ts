import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { ADMIN, type Person } from "./accounts";
import { E2E_BASE_URL } from "./server";

/** What `browser.newContext({ storageState })` takes: a signed-in person's cookies. */
export type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** A spec's people, in the team and signed in once each. */
export type Crew = {
  /** The member id the API gives the person (reviewer pickers, review stages, assignments take it). */
  idOf: (person: Person) => string;
  /** The person's signed-in session, to open a page as them without the sign-in form. */
  storageStateOf: (person: Person) => StorageState;
  /** The REST API as the person, through the console's token (the role's permissions, as in the console). */
  apiAs: (person: Person) => TeamApi;
};

type Member = { id: string; email: string };

/** Signs in over next-auth's credentials endpoint, as a form post would; the context keeps the session cookie. */
async function signInOverHttp(request: APIRequestContext, person: { email: string; password: string }): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await request.post("/api/auth/callback/credentials", { form: { csrfToken, email: person.email, password: person.password, callbackUrl: `${E2E_BASE_URL}/` }, maxRedirects: 0 });
  const cookies = (await request.storageState()).cookies;
  expect(cookies.map((cookie) => cookie.name), `${person.email} could not sign in`).toContain("authjs.session-token");
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The REST API for a spec's preconditions (parsers, documents, folders, stages), authenticated with a console token
 * of the signed-in context, which is re-minted for every call: tokens are short-lived and a spec may run for minutes.
 */
export class TeamApi {
  constructor(private readonly request: APIRequestContext) {}

  private async authorization(): Promise<Record<string, string>> {
    const { token } = await ok<{ token: string }>(await this.request.get("/api/console-token"), "console token");
    return { authorization: `Bearer ${token}` };
  }

  async call<T>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown): Promise<T> {
    return ok<T>(await this.request.fetch(`/api/v1${path}`, { method, headers: await this.authorization(), data }), `${method} ${path}`);
  }

  /** Uploads one file to a parser and waits until extraction has finished with it (`status`, e.g. processed or in_review). */
  async uploadAndWait(input: { parserId: string; file: { name: string; mimeType: string; buffer: Buffer }; status: string }): Promise<string> {
    const response = await this.request.post(`/api/v1/process/${input.parserId}/files`, { headers: await this.authorization(), multipart: { file: input.file } });
    const documentId = (await ok<{ result: { id: string }[] }>(response, `upload ${input.file.name}`)).result[0]!.id;
    await expect
      .poll(async () => (await this.call<{ status: string }>("GET", `/parsers/${input.parserId}/documents/${documentId}`)).status, { timeout: 90_000, message: `${input.file.name} reaches ${input.status}` })
      .toBe(input.status);
    return documentId;
  }
}

/**
 * Puts a spec's people into the install's team the way the product lets an admin do it: the install's first admin
 * invites each one (POST /api/v1/members) and they join through their link with a password of their own; then each
 * signs in once, and their session is kept for the spec's pages. Nobody is shared between specs.
 */
export async function assembleCrew(playwright: PlaywrightWorkerArgs["playwright"], people: Person[]): Promise<{ crew: Crew; dispose: () => Promise<void> }> {
  const contexts: APIRequestContext[] = [];
  const dispose = async () => {
    await Promise.all(contexts.map((context) => context.dispose()));
  };
  // No people: nothing to do (the first-run journey has none, and runs before the install has an admin).
  if (people.length === 0) {
    const none = (): never => {
      throw new Error("This spec has no people: add them with test.use({ people })");
    };
    return { crew: { idOf: none, storageStateOf: none, apiAs: none }, dispose };
  }
  const newContext = async (storageState?: StorageState) => {
    const context = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState });
    contexts.push(context);
    return context;
  };

  const installAdminSession = await newContext();
  await signInOverHttp(installAdminSession, ADMIN);
  const installAdmin = new TeamApi(installAdminSession);
  for (const person of people) {
    const { acceptUrl } = await installAdmin.call<{ acceptUrl: string }>("POST", "/members", { name: person.name, email: person.email, role: person.role });
    const token = new URL(acceptUrl).pathname.split("/").at(-1)!;
    await ok(await (await newContext()).post(`/api/join/${token}`, { data: { name: person.name, password: person.password } }), `${person.email} joins`);
  }
  const members = (await installAdmin.call<{ data: Member[] }>("GET", "/members")).data;

  const sessions = new Map<string, { id: string; request: APIRequestContext; storageState: StorageState }>();
  for (const person of people) {
    const request = await newContext();
    await signInOverHttp(request, person);
    sessions.set(person.email, { id: members.find((member) => member.email === person.email)!.id, request, storageState: await request.storageState() });
  }
  const session = (person: Person) => {
    const found = sessions.get(person.email);
    if (!found) throw new Error(`${person.email} is not one of this spec's people: add them to test.use({ people })`);
    return found;
  };

  return {
    crew: {
      idOf: (person) => session(person).id,
      storageStateOf: (person) => session(person).storageState,
      apiAs: (person) => new TeamApi(session(person).request),
    },
    dispose,
  };
}
