import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Someone new accepting their invitation the way the /join page does: through the link's public endpoint, with a
 * password of their own. Adding a member answers with an invitation link, never a password.
 */
export async function joinThroughLink(request: APIRequestContext, acceptUrl: string, person: { name: string; password: string }): Promise<void> {
  const token = new URL(acceptUrl).pathname.split("/").at(-1)!;
  const response = await request.post(`/api/join/${token}`, { data: person });
  expect(response.status(), `join: ${await response.text()}`).toBe(200);
}
