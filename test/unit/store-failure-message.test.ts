import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../browser/store/api-failure.ts";
import { failureMessage } from "../../browser/store/failure-message.ts";
import { LOCALES, type Locale, messagesFor } from "../../browser/store/i18n.ts";

/** How each language already says "Nothing was charged" (its cancelled-checkout line). */
const NOTHING_CHARGED: Record<Locale, string> = {
  ja: "料金は請求されていません。",
  en: "Nothing was charged.",
  ko: "청구된 금액은 없습니다.",
  "zh-CN": "未产生任何费用",
  "zh-TW": "未產生任何費用",
};

const SERVICES = [
  ["payments_unavailable", "payments"],
  ["idp_unavailable", "idp"],
  ["backend_unavailable", "backend"],
] as const;

describe("the store page's message for a failed call", () => {
  it.each(LOCALES)("%s: names the unavailable service of a 503, and at checkout that nothing was charged", (locale) => {
    const t = messagesFor(locale);
    expect(t.cancelled).toContain(NOTHING_CHARGED[locale]);
    const shown = new Set<string>();
    for (const [code, service] of SERVICES) {
      const outage = new ApiFailure(503, code);
      const read = failureMessage(t, outage, "read");
      const checkout = failureMessage(t, outage, "checkout");
      expect(read).toBe(t.unavailable[service]);
      expect(checkout).toBe(t.checkoutUnavailable[service]);
      expect(checkout).toContain(NOTHING_CHARGED[locale]);
      expect(read).not.toContain(NOTHING_CHARGED[locale]);
      shown.add(read).add(checkout);
    }
    // Six different sentences, none of them the general one.
    expect(shown.size).toBe(6);
    expect(shown.has(t.error)).toBe(false);
  });

  it.each([
    ["another 503 code", new ApiFailure(503, "store_page_missing")],
    ["the code of an outage with another status", new ApiFailure(500, "payments_unavailable")],
    ["a code that is a property of every object", new ApiFailure(503, "toString")],
    ["a 502 the provider refused", new ApiFailure(502, "payment_request_refused")],
    ["a failure of the network (no answer at all)", new TypeError("Failed to fetch")],
    ["nothing", null],
  ])("%s: the general message", (_, error) => {
    for (const locale of LOCALES) {
      const t = messagesFor(locale);
      expect(failureMessage(t, error, "read")).toBe(t.error);
      expect(failureMessage(t, error, "checkout")).toBe(t.error);
    }
  });
});
