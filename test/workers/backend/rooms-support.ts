import { exports } from "cloudflare:workers";
import { expect } from "vitest";

const API = "http://localhost:8787/backend";

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
const platform: Fetch = (url, init) => exports.default.fetch(url, init);

/** POST {API_URL}{path} with a JSON body, as the signed-in user of `idToken` (none: no header). */
export function postAsUser(path: string, body: unknown, idToken?: string, fetch: Fetch = platform) {
  return fetch(`${API}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** POST /rooms: records a room with its roster. */
export const createRoom = (body: unknown, idToken?: string) => postAsUser("/rooms", body, idToken);

/** POST /rooms/tickets: a seat ticket of a recorded room. */
export const askTicket = (body: unknown, idToken?: string, fetch?: Fetch) =>
  postAsUser("/rooms/tickets", body, idToken, fetch);

/** Asserts an error answer of the apps: its status and `{error, message}`. */
export async function expectError(res: Response | Promise<Response>, status: number, error: string) {
  const answer = await res;
  expect(answer.status, error).toBe(status);
  expect(await answer.json()).toMatchObject({ error, message: expect.any(String) });
}
