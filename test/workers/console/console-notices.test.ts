import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SmsSuccessRate } from "../../../durable-objects/sms-rate/sms-success-rate";
import { SMS_SUCCESS_RATE_OBJECT } from "../../../durable-objects/sms-rate/sms-success-rate";
import { operatorAudit, operatorNotices, orders, users } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { SMS_RATE_RULES } from "../../../src/ops/sms-success-rate";
import {
  checkout,
  deliverySettings,
  flushEvents,
  newUser,
  PAYMENTS,
  pay,
  refund,
  resend,
  standInPrice,
  unique,
  webProduct,
} from "../helpers/payments";
import {
  CONSOLE,
  consoleGet,
  consolePost,
  errorCodeOf,
  type SignedInOperator,
  signedInOperator,
} from "./console-support";

// Issue 37, must 3: the notices the notifier sends (a refund the balance does not cover, a
// dispute) listed as cases, open until an operator marks them handled with a note (audited in the
// same D1 batch); the SMS sign-in success rate now and its crossings of the alert line.

const db = backendDb(env);
let operator: SignedInOperator;

beforeEach(async () => {
  operator = await signedInOperator();
  await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
  await flushEvents();
});

/** A credited purchase of 100 coins. */
async function creditedPurchase() {
  const productId = unique("coins");
  await webProduct(productId, 100);
  await standInPrice(productId);
  const userId = await newUser();
  const session = await checkout(userId, productId);
  const { payment_intent: paymentIntentId } = await pay(session.id);
  await flushEvents();
  const [user] = await db.select({ uid: users.idpUid }).from(users).where(eq(users.id, userId));
  return { userId, uid: user?.uid ?? "", paymentIntentId };
}

/** A refund the balance no longer covers: the webhook skips it and notifies operations. */
async function uncoveredRefund() {
  const purchase = await creditedPurchase();
  await db.insert(orders).values({ userId: purchase.userId, coinCount: 60, item: "story", createdAt: new Date() });
  await refund(purchase.paymentIntentId);
  const deliveries = await flushEvents();
  expect(deliveries.find((delivery) => delivery.type === "charge.refunded")?.status).toBe(200);
  return { ...purchase, refundEvent: deliveries.find((delivery) => delivery.type === "charge.refunded")?.eventId };
}

const noticesOf = (paymentIntentId: string) =>
  db.select().from(operatorNotices).where(eq(operatorNotices.paymentIntentId, paymentIntentId)).all();

async function noticesPage(state = "open"): Promise<string> {
  const res = await consoleGet(`/notices?state=${state}`, operator.cookie);
  expect(res.status).toBe(200);
  return res.text();
}

describe("payment notices", () => {
  it("a refund the balance does not cover is an open case once, however often it is delivered; the user's page shows it", async () => {
    const { uid, userId, paymentIntentId, refundEvent } = await uncoveredRefund();
    await resend(refundEvent ?? "", 2);
    const notices = await noticesOf(paymentIntentId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "refund_not_covered", userId, handledAt: null });
    const page = await noticesPage();
    expect(page).toContain(`refund not covered · <time`);
    expect(page).toContain(paymentIntentId);
    expect(page).toContain(`href="${CONSOLE}/?q=${userId}"`);
    const user = await consoleGet(`/users/${uid}`, operator.cookie);
    expect(await user.text()).toMatch(/refund not covered<\/strong>.*<em>Open\.<\/em>/s);
  });

  it("a dispute is a case of the payment's user (found through the deposit)", async () => {
    const { userId, paymentIntentId } = await creditedPurchase();
    const opened = await exports.default.fetch(`${PAYMENTS}/dev/payment_intents/${paymentIntentId}/dispute`, {
      method: "POST",
    });
    const { id: disputeId } = (await opened.json()) as { id: string };
    await flushEvents();
    const [notice] = await noticesOf(paymentIntentId);
    expect(notice).toMatchObject({ kind: "dispute_created", caseKey: disputeId, userId });
    expect(await noticesPage()).toContain(disputeId);
  });

  it("marked handled with a note: handled, by whom, the note; the audit entry in the same batch; a second time 409", async () => {
    const { paymentIntentId } = await uncoveredRefund();
    const [notice] = await noticesOf(paymentIntentId);
    const id = notice?.id ?? 0;
    const res = await consolePost(`/notices/${id}/handle`, operator, {
      note: "took the coins back by hand, user informed",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${CONSOLE}/notices?done=notice_handled`);
    const [handled] = await noticesOf(paymentIntentId);
    expect(handled).toMatchObject({
      handledBy: operator.uid,
      handledNote: "took the coins back by hand, user informed",
    });
    expect(handled?.handledAt).not.toBeNull();
    const trail = await db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, String(id)));
    expect(trail).toMatchObject([
      { action: "handle_notice", outcome: "done", reason: "took the coins back by hand, user informed" },
    ]);
    expect(await noticesPage("open")).not.toContain(paymentIntentId);
    const handledPage = await noticesPage("handled");
    expect(handledPage).toContain(paymentIntentId);
    expect(handledPage).toContain("took the coins back by hand, user informed");

    const again = await consolePost(`/notices/${id}/handle`, operator, { note: "again" });
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe("notice_already_handled");
    expect(
      await db
        .select()
        .from(operatorAudit)
        .where(eq(operatorAudit.target, String(id))),
    ).toHaveLength(1);
    expect((await noticesOf(paymentIntentId))[0]?.handledNote).toBe("took the coins back by hand, user informed");
  });

  it("without a note: 400 reason_required, still open, nothing on the trail", async () => {
    const { paymentIntentId } = await uncoveredRefund();
    const [notice] = await noticesOf(paymentIntentId);
    const res = await consolePost(`/notices/${notice?.id}/handle`, operator, { note: "" });
    expect(res.status).toBe(400);
    expect(await errorCodeOf(res)).toBe("reason_required");
    expect((await noticesOf(paymentIntentId))[0]?.handledAt).toBeNull();
    expect(
      await db
        .select()
        .from(operatorAudit)
        .where(eq(operatorAudit.target, String(notice?.id))),
    ).toEqual([]);
  });

  it("an unknown notice: 404", async () => {
    const res = await consolePost("/notices/99999999/handle", operator, { note: "nothing" });
    expect(res.status).toBe(404);
  });
});

describe("the SMS sign-in success rate", () => {
  it("shows the window minute by minute, and each crossing of the alert line", async () => {
    const rate = env.SMS_SUCCESS_RATE.get(env.SMS_SUCCESS_RATE.idFromName(SMS_SUCCESS_RATE_OBJECT));
    const minute = Math.floor(Date.now() / SMS_RATE_RULES.bucketMs) * SMS_RATE_RULES.bucketMs;
    // Earlier traffic of this minute: 9 of 24 attempts succeeded, no alert yet.
    await runInDurableObject(rate, (_object: SmsSuccessRate, state) => {
      state.storage.kv.put("state", {
        buckets: [{ start: minute, success: 9, failure: 15 }],
        alerting: false,
        at: minute,
      });
    });
    // One more phone sign-in arrives: 10 of 25, 40%, below the line.
    await rate.verified("an-attempt");
    const page = await noticesPage();
    expect(page).toContain("Last 15 minutes: <strong>40%</strong> (10 of 25 attempts succeeded, 0 waiting)");
    expect(page).toContain("<strong>The alert is raised.</strong>");
    expect(page).toMatch(/<td>10<\/td><td>15<\/td>/);
    expect(page).toMatch(/fell below the alert line at 40% \(10 of 25\)/);
  });
});
