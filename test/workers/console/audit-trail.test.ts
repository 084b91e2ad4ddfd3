import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AuditTrail } from "../../../workers/backend/console/audit-trail";
import { consoleGet, signedInOperator } from "./console-support";

// Issue 37, must 5: the audit trail refuses UPDATE and DELETE in the database itself, as the
// consent ledger does, and a row without a reason; a notice is marked handled once and nothing
// else of it changes. The trail shows on the console, filterable.

const trail = new AuditTrail(env.BACKEND_DB, Date.now);
const entry = (target: string, overrides: Partial<Parameters<AuditTrail["append"]>[0]> = {}) => ({
  operator: { uid: "op-1", email: "op@example.com" },
  action: "close_room" as const,
  targetKind: "room" as const,
  target,
  subjectUid: null,
  reason: "abusive chat",
  outcome: "done" as const,
  ...overrides,
});

async function rowOf(target: string) {
  return env.BACKEND_DB.prepare("SELECT * FROM operator_audit WHERE target = ?").bind(target).first();
}

describe("operator_audit is append-only", () => {
  it("an UPDATE or a DELETE written directly in SQL fails, and the row stays as it was", async () => {
    await trail.append(entry("rev/room-immutable"));
    const before = await rowOf("rev/room-immutable");
    await expect(
      env.BACKEND_DB.prepare("UPDATE operator_audit SET reason = 'nothing happened' WHERE target = ?")
        .bind("rev/room-immutable")
        .run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.BACKEND_DB.prepare("DELETE FROM operator_audit WHERE target = ?").bind("rev/room-immutable").run(),
    ).rejects.toThrow(/append-only/);
    expect(await rowOf("rev/room-immutable")).toEqual(before);
  });

  it("INSERT OR REPLACE of an existing id fails (it would delete the old row without a delete trigger)", async () => {
    await trail.append(entry("rev/room-replace"));
    const row = await rowOf("rev/room-replace");
    await expect(
      env.BACKEND_DB.prepare(
        "INSERT OR REPLACE INTO operator_audit (id, at, operator_uid, action, target_kind, target, reason, outcome) VALUES (?, 0, 'x', 'close_room', 'room', 'other', 'rewritten', 'done')",
      )
        .bind(row?.id)
        .run(),
    ).rejects.toThrow(/append-only/);
    expect(await rowOf("rev/room-replace")).toEqual(row);
  });

  it.each(["", "  ", "ok"])("a row with the reason %j is refused by the database", async (reason) => {
    await expect(
      env.BACKEND_DB.prepare(
        "INSERT INTO operator_audit (at, operator_uid, action, target_kind, target, reason, outcome) VALUES (0, 'op-1', 'close_room', 'room', 'rev/room-no-reason', ?, 'done')",
      )
        .bind(reason)
        .run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("operator_notices", () => {
  async function notice(caseKey: string): Promise<number> {
    const result = await env.BACKEND_DB.prepare(
      "INSERT INTO operator_notices (kind, case_key, message, refs, created_at) VALUES ('dispute_created', ?, 'm', '{}', 0) RETURNING id",
    )
      .bind(caseKey)
      .first<{ id: number }>();
    return result?.id ?? 0;
  }

  it("goes from open to handled once; nothing else of it changes; it is never deleted", async () => {
    const id = await notice(`dp_${crypto.randomUUID()}`);
    await expect(
      env.BACKEND_DB.prepare("UPDATE operator_notices SET message = 'rewritten' WHERE id = ?").bind(id).run(),
    ).rejects.toThrow(/handled once/);
    await env.BACKEND_DB.prepare(
      "UPDATE operator_notices SET handled_at = 1, handled_by = 'op-1', handled_note = 'answered' WHERE id = ?",
    )
      .bind(id)
      .run();
    await expect(
      env.BACKEND_DB.prepare("UPDATE operator_notices SET handled_note = 'other note' WHERE id = ?").bind(id).run(),
    ).rejects.toThrow(/handled once/);
    await expect(
      env.BACKEND_DB.prepare("UPDATE operator_notices SET handled_at = NULL, handled_by = NULL WHERE id = ?")
        .bind(id)
        .run(),
    ).rejects.toThrow(/handled once/);
    await expect(env.BACKEND_DB.prepare("DELETE FROM operator_notices WHERE id = ?").bind(id).run()).rejects.toThrow(
      /never deleted/,
    );
  });
});

describe("the audit trail on the console", () => {
  it("lists actions newest first, and filters by action, operator, target and user", async () => {
    const operator = await signedInOperator();
    const mark = crypto.randomUUID().slice(0, 8);
    await trail.append(entry(`rev-${mark}/room-a`, { reason: "first" }));
    await trail.append(
      entry(`handle-${mark}`, {
        action: "end_session",
        targetKind: "session",
        subjectUid: `user-${mark}`,
        reason: "second",
        operator: { uid: "op-2", email: "other@example.com" },
      }),
    );
    const page = async (query: string) => (await consoleGet(`/audit?${query}`, operator.cookie)).text();

    const all = await page(`target=${mark}`);
    expect(all.indexOf(`handle-${mark}`)).toBeGreaterThan(0);
    expect(all.indexOf(`handle-${mark}`)).toBeLessThan(all.indexOf(`rev-${mark}/room-a`));
    expect(all).toContain("<td>first</td>");

    const byAction = await page(`target=${mark}&action=end_session`);
    expect(byAction).toContain(`handle-${mark}`);
    expect(byAction).not.toContain(`rev-${mark}/room-a`);
    expect(byAction).toContain('<option value="end_session" selected="">');

    const byOperator = await page(`target=${mark}&operator=OTHER@example`);
    expect(byOperator).toContain(`handle-${mark}`);
    expect(byOperator).not.toContain(`rev-${mark}/room-a`);

    const bySubject = await page(`subject=user-${mark}`);
    expect(bySubject).toContain(`handle-${mark}`);
    expect(bySubject).not.toContain(`rev-${mark}/room-a`);

    expect(await page(`target=${mark}-none`)).toContain("No action matches.");
  });

  it("an unknown action in the filter: 400", async () => {
    const operator = await signedInOperator();
    const res = await consoleGet("/audit?action=drop_tables", operator.cookie);
    expect(res.status).toBe(400);
  });
});
