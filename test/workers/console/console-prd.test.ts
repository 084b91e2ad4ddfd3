import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConsoleSessions } from "../../../workers/backend/console/console-sessions";
import { setCookies } from "../auth-support";
import { GOOGLE_ADMIN_API, OPERATOR_UID_PREFIX } from "../fake-internet";
import { hostedBindings, hostedFetch } from "../hosted-build";
import { errorCodeOf } from "./console-support";

// The console is part of the prd build ({API_URL}/admin/ on api.example.com): the same sign-in,
// admin check and form checks as in dev, its cookie Secure and host-only under /admin. The
// provider's admin API is the fake internet's Google, where `operator-…` accounts are admins.

const prd = hostedBindings("prd", { IDP_API_URL: GOOGLE_ADMIN_API });
const API = "https://api.example.com";

/** A console sign-in of `uid` made as POST /admin/session makes it (prd's ID tokens need Google's keys). */
async function consoleSignIn(uid: string): Promise<string> {
  const cookie = await new ConsoleSessions(env.BACKEND_DB, Date.now).create({
    uid,
    email: null,
    authTime: Math.floor(Date.now() / 1000),
  });
  return `admin_console=${cookie}`;
}

describe("the operator console on the prd build", () => {
  it("without a sign-in: the sign-in page, which signs in through prd's /login as the admin client", async () => {
    const res = await hostedFetch(prd, `${API}/admin/notices`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${API}/admin/sign-in?next=%2Fadmin%2Fnotices`);
    const page = await hostedFetch(prd, `${API}/admin/sign-in?next=%2Fadmin%2Fnotices`);
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toContain("max-age=");
    const config = JSON.parse(/id="console-sign-in-config">([^<]+)</.exec(await page.text())?.[1] ?? "{}");
    const login = new URL(config.loginUrl);
    expect(login.origin).toBe("https://auth.example.com");
    expect(login.searchParams.get("client_id")).toBe("admin");
    expect(login.searchParams.get("redirect_uri")).toBe(`${API}/admin/sign-in?next=%2Fadmin%2Fnotices`);
  });

  it("an operator's sign-in: the pages; a form needs the console's origin and token", async () => {
    const cookie = await consoleSignIn(`${OPERATOR_UID_PREFIX}${crypto.randomUUID()}`);
    const res = await hostedFetch(prd, `${API}/admin/notices`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self'");
    const html = await res.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const post = (origin: string, token: string) =>
      hostedFetch(prd, `${API}/admin/notices/999999/handle`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: token, note: "nothing to do" }).toString(),
      });
    expect(await errorCodeOf(await post("https://store.example.com", csrf))).toBe("cross_origin");
    expect(await errorCodeOf(await post(API, "forged-token-forged-token-forged-token-xxxx"))).toBe("csrf_invalid");
    const accepted = await post(API, csrf);
    expect(accepted.status).toBe(404);
    expect(await errorCodeOf(accepted)).toBe("notice_not_found");
  });

  it("an account without the admin claim: the 403 page, and its sign-in's cookie goes (Secure, under /admin)", async () => {
    const cookie = await consoleSignIn(`player-${crypto.randomUUID()}`);
    const res = await hostedFetch(prd, `${API}/admin/`, { headers: { cookie } });
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("admin_required");
    expect(setCookies(res).get("admin_console")).toBe(
      "admin_console=; Max-Age=0; Path=/admin; Secure; HttpOnly; SameSite=Strict",
    );
  });

  it("the provider's admin API out of reach: 503, nothing shown and the sign-in kept", async () => {
    const cookie = await consoleSignIn(`${OPERATOR_UID_PREFIX}${crypto.randomUUID()}`);
    const res = await hostedFetch(hostedBindings("prd"), `${API}/admin/`, { headers: { cookie } });
    expect(res.status).toBe(503);
    expect(await errorCodeOf(res)).toBe("idp_unavailable");
    expect(setCookies(res).has("admin_console")).toBe(false);
  });
});
