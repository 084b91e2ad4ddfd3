import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authLogEvents } from "../../../src/db/auth-schema";
import { authDb } from "../../../src/db/client";
import { AUTH_LOG_EVENTS_KEPT } from "../../../workers/auth/auth-log-events";
import { AUTH, authWithClock, FakeClock } from "../auth-support";

// The auth-log records that name a uid are kept for the operator console's user page: as scrubbed
// for the log, the newest AUTH_LOG_EVENTS_KEPT per uid, never the client's session id or context.

const db = authDb(env);

function post(auth: ReturnType<typeof authWithClock>, body: unknown, ip: string) {
  return auth(`${AUTH}/api/log`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify(body),
  });
}

describe("auth-log records kept for the console", () => {
  it("only records with a uid, scrubbed as logged, without session id or context", async () => {
    const auth = authWithClock(new FakeClock());
    const uid = `log-${crypto.randomUUID().slice(0, 8)}`;
    const res = await post(
      auth,
      [
        {
          evt: { name: "phone_otp", action: "verify_code", surface: "signIn", outcome: "failure" },
          error: { code: "auth/invalid-code", message: "code for +81 90-1234-5678 refused" },
          uid,
          sessionId: "session-abc",
          page: { path: "/login?email=a@b.example", clientId: "store" },
          extra: { note: "mail alice@example.com" },
        },
        { evt: { name: "phone_otp", action: "send_code", outcome: "success" } },
      ],
      "203.0.113.9",
    );
    expect(res.status).toBe(204);
    await auth.settled();
    const rows = await db.select().from(authLogEvents).where(eq(authLogEvents.idpUid, uid));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]?.event);
    expect(rows[0]?.event).toMatchObject({
      message: "auth phone_otp verify_code failure",
      evt: { name: "phone_otp", action: "verify_code", surface: "signIn", outcome: "failure" },
      error: { code: "auth/invalid-code" },
      page: { path: "/login", clientId: "store" },
    });
    for (const secret of ["5678", "session-abc", "alice@example.com", "a@b.example", "203.0.113.9", "context"]) {
      expect(stored).not.toContain(secret);
    }
  });

  it(`keeps the newest ${AUTH_LOG_EVENTS_KEPT} per uid`, async () => {
    const auth = authWithClock(new FakeClock());
    const uid = `log-${crypto.randomUUID().slice(0, 8)}`;
    const record = (n: number) => ({
      evt: { name: "email_password", action: "sign_in", outcome: "success" },
      uid,
      page: { path: `/p${n}` },
    });
    for (let batch = 0; batch < 3; batch++) {
      const records = Array.from({ length: 20 }, (_, i) => record(batch * 20 + i));
      expect((await post(auth, records, `198.51.100.${batch + 1}`)).status).toBe(204);
      await auth.settled();
    }
    const rows = await db.select().from(authLogEvents).where(eq(authLogEvents.idpUid, uid)).orderBy(authLogEvents.id);
    expect(rows).toHaveLength(AUTH_LOG_EVENTS_KEPT);
    const paths = rows.map((row) => (row.event.page as { path: string }).path);
    expect(paths[0]).toBe("/p10");
    expect(paths.at(-1)).toBe("/p59");
  });
});
