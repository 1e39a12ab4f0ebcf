import { ADMIN } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { signIn } from "./support/sign-in";
import { expect, test, type Page } from "./support/test";

/**
 * Every console page, at the end of the journeys (so lists, documents and settings hold what people made), scanned by
 * axe at a desktop, a tablet and a phone width: no serious or critical finding anywhere.
 */
test.describe.configure({ mode: "serial" });

const WIDTHS = [1280, 768, 390] as const;

type Ids = { parserId: string; documentId: string | null; webhookId: string | null; classifierId: string | null };

/** Ids of things the earlier journeys made, read through the API as the signed-in admin. */
async function existingIds(page: Page): Promise<Ids> {
  return page.evaluate(async () => {
    const { token } = (await (await fetch("/api/console-token")).json()) as { token: string };
    const get = async <T,>(path: string): Promise<T> => {
      const response = await fetch(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const parsers = (await get<{ data: { id: string }[] }>("/parsers")).data;
    let best: { parserId: string; documentId: string } | null = null;
    for (const parser of parsers) {
      const documents = (await get<{ data: { id: string }[] }>(`/parsers/${parser.id}/documents?limit=1`)).data;
      if (documents[0]) {
        best = { parserId: parser.id, documentId: documents[0].id };
        break;
      }
    }
    let webhookId: string | null = null;
    for (const parser of parsers) {
      const hooks = (await get<{ data: { id: string }[] }>(`/parsers/${parser.id}/webhooks`)).data;
      if (hooks[0]) {
        webhookId = `${parser.id}/webhooks/${hooks[0].id}`;
        break;
      }
    }
    const classifiers = (await get<{ data: { id: string }[] }>("/classifiers")).data;
    return { parserId: best?.parserId ?? parsers[0]!.id, documentId: best?.documentId ?? null, webhookId, classifierId: classifiers[0]?.id ?? null };
  });
}

function consolePages(ids: Ids): string[] {
  const parser = `/parsers/${ids.parserId}`;
  return [
    "/",
    "/parsers",
    parser,
    `${parser}/fields`,
    `${parser}/documents`,
    `${parser}/settings`,
    `${parser}/review-stages`,
    `${parser}/webhooks`,
    `${parser}/accuracy`,
    ...(ids.documentId ? [`${parser}/documents/${ids.documentId}`] : []),
    ...(ids.webhookId ? [`/parsers/${ids.webhookId}`] : []),
    "/classifiers",
    ...(ids.classifierId ? [`/classifiers/${ids.classifierId}`] : []),
    "/review",
    "/invitations",
    "/api-reference",
    "/settings/account",
    "/settings/api-keys",
    "/settings/members",
    "/settings/connections",
  ];
}

test("every console page renders, with no serious or critical axe finding at 1280, 768 and 390 px", async ({ page }) => {
  test.setTimeout(600_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  const pages = consolePages(await existingIds(page));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      // Server components stream: wait until nothing says it is loading before scanning.
      await expect(page.getByRole("status", { name: /loading/i })).toHaveCount(0);
      // A page that failed shows the error boundary, which would pass axe: every page must really render.
      await expect(page.getByText("Something went wrong"), `${path} failed to render`).toHaveCount(0);
      await expectNoSeriousViolations(page, `${path} at ${width} px`);
    }
  }
});
