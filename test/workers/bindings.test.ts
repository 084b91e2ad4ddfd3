import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { legalConsents } from "../../src/db/auth-schema";
import { users } from "../../src/db/backend-schema";
import { authDb, backendDb } from "../../src/db/client";

describe("bindings declared in wrangler.toml", () => {
  it("SESSIONS (KV) stores a value with a TTL", async () => {
    const before = Math.floor(Date.now() / 1000);
    await env.SESSIONS.put("session:probe", "hello", { expirationTtl: 300 });
    expect(await env.SESSIONS.get("session:probe")).toBe("hello");
    const { keys } = await env.SESSIONS.list({ prefix: "session:probe" });
    expect(keys[0]?.expiration).toBeGreaterThanOrEqual(before + 299);
    expect(keys[0]?.expiration).toBeLessThanOrEqual(before + 301);
  });

  it("AUTH_DB (D1) has the migrated consent ledger, through drizzle", async () => {
    const db = authDb(env);
    const row = {
      idpUid: "uid-1",
      documentKey: "privacy",
      version: "2026-01-01",
      consentedAt: new Date(1_700_000_000_000),
      source: "auth_signup",
    };
    await db.insert(legalConsents).values(row);
    const again = await db.insert(legalConsents).values(row).onConflictDoNothing().returning();
    expect(again).toEqual([]);
    const rows = await db.select().from(legalConsents).where(eq(legalConsents.idpUid, "uid-1"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(row);
  });

  it("BACKEND_DB (D1) has the migrated users table, through drizzle", async () => {
    const db = backendDb(env);
    const [inserted] = await db.insert(users).values({ idpUid: "uid-2", createdAt: new Date() }).returning();
    const [found] = await db.select().from(users).where(eq(users.idpUid, "uid-2"));
    expect(found?.id).toBe(inserted?.id);
  });

  it("CODE (R2) stores and returns an object", async () => {
    await env.CODE.put("rev-1/logic.js", "export default {};");
    const object = await env.CODE.get("rev-1/logic.js");
    expect(await object?.text()).toBe("export default {};");
    expect(await env.CODE.get("rev-missing/logic.js")).toBeNull();
  });

  it("ROOM (Durable Object) answers RPC", async () => {
    const room = env.ROOM.get(env.ROOM.idFromName("rev-1/room-1"));
    expect(await room.stats()).toEqual({
      connections: 0,
      storageWrites: 0,
      codeId: null,
      started: false,
      ticking: false,
      tickRate: 0,
      actionCalls: 0,
      instanceStartedAt: expect.any(Number),
      alarmsFired: 0,
      sandboxChannels: 0,
      sandboxChannelOpen: false,
      sandboxCallsWaiting: 0,
      sandboxReplies: 0,
      sandboxCallMs: 0,
    });
  });

  it("BALANCE (Durable Object) keeps the latest published balance per user", async () => {
    const balance = env.BALANCE.get(env.BALANCE.idFromName("user-1"));
    expect(await balance.latest()).toBeNull();
    await balance.publish(120);
    expect(await balance.latest()).toMatchObject({ balance: 120 });
    const other = env.BALANCE.get(env.BALANCE.idFromName("user-2"));
    expect(await other.latest()).toBeNull();
  });

  it("LOADER (Worker Loader) runs a one-line module in its own isolate", async () => {
    const worker = env.LOADER.get("probe:1", () => ({
      compatibilityDate: "2026-11-01",
      mainModule: "main.js",
      modules: { "main.js": "export default { fetch: () => new Response(String(6 * 7)) };" },
      globalOutbound: null,
    }));
    const res = await worker.getEntrypoint().fetch("http://probe/");
    expect(await res.text()).toBe("42");
  });

  it("ASSETS serves files from public/", async () => {
    const res = await env.ASSETS.fetch("http://assets/_platform/style.css");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("font-family");
  });
});
