import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { IDP, newUser, PASSWORD, platform, setCookies } from "../auth-support";
import { API_KEY } from "../helpers/dev-idp";

/** The operator console of the dev build. */
export const CONSOLE = "http://localhost:8787/backend/admin";
export const ORIGIN = "http://localhost:8787";

/** A fresh account at the dev IdP with these custom claims, and an ID token that carries them. */
export async function accountWithClaims(claims: Record<string, unknown>) {
  const user = await newUser();
  const set = await platform(`${IDP}/admin/users/${user.uid}/claims`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ claims }),
  });
  if (!set.ok) throw new Error(`claims not set: ${set.status}`);
  return { ...user, idToken: await passwordIdToken(user.email) };
}

/** A fresh ID token of an email + password account (its claims as they are now). */
export async function passwordIdToken(email: string): Promise<string> {
  const res = await platform(`${IDP}/v1/accounts:signInWithPassword?key=${API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  return (await res.json<{ idToken: string }>()).idToken;
}

/** What the sign-in page posts: the ID token and where to go next, from the console's own origin. */
export function postSession(idToken: string, next = "/backend/admin/", origin: string | null = ORIGIN) {
  return platform(`${CONSOLE}/session`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(origin ? { origin } : {}),
    },
    body: new URLSearchParams({ id_token: idToken, next }).toString(),
  });
}

export interface SignedInOperator {
  uid: string;
  email: string;
  idToken: string;
  /** The Cookie header of the console's sign-in. */
  cookie: string;
  /** The forms' token of that sign-in. */
  csrf: string;
}

/** An operator (admin claim) signed in to the console, with the token its forms carry. */
export async function signedInOperator(): Promise<SignedInOperator> {
  const account = await accountWithClaims({ admin: true });
  const res = await postSession(account.idToken);
  expect(res.status).toBe(303);
  const set = setCookies(res).get("admin_console");
  if (!set) throw new Error("no console cookie");
  const cookie = set.split(";")[0] as string;
  const home = await consoleGet("/", cookie);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await home.text())?.[1];
  if (!csrf) throw new Error("no CSRF token on the console's page");
  return { uid: account.uid, email: account.email, idToken: account.idToken, cookie, csrf };
}

export function consoleGet(path: string, cookie = ""): Promise<Response> {
  return exports.default.fetch(`${CONSOLE}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
}

/** A form post of a console page: the operator's cookie and token, from the console's origin unless told. */
export function consolePost(
  path: string,
  operator: Pick<SignedInOperator, "cookie" | "csrf">,
  fields: Record<string, string>,
  { origin = ORIGIN as string | null, csrf = operator.csrf as string | null } = {},
): Promise<Response> {
  return exports.default.fetch(`${CONSOLE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: operator.cookie,
      ...(origin ? { origin } : {}),
    },
    body: new URLSearchParams({ ...fields, ...(csrf === null ? {} : { csrf }) }).toString(),
  });
}

/** The stable code a console error page shows. */
export async function errorCodeOf(res: Response): Promise<string | null> {
  return /Code <code>([a-z_]+)<\/code>/.exec(await res.text())?.[1] ?? null;
}
