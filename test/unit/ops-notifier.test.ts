import { describe, expect, it } from "vitest";
import { createNotifier, LogNotifier, WebhookNotifier } from "../../src/ops/notifier.ts";

function recordingLog() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  return {
    lines,
    warn: (message: string, fields?: Record<string, unknown>) => lines.push({ level: "warn", message, fields }),
    error: (message: string, fields?: Record<string, unknown>) => lines.push({ level: "error", message, fields }),
  };
}

const notice = {
  kind: "dispute_created" as const,
  message: "A payment was disputed.",
  refs: { disputeId: "dp_1", paymentIntentId: "pi_1" },
};

describe("operations notifier", () => {
  it("without a webhook URL: one structured log line", async () => {
    const log = recordingLog();
    const notifier = createNotifier(log, "", "stg");
    expect(notifier).toBeInstanceOf(LogNotifier);
    await notifier.notify(notice);
    expect(log.lines).toEqual([
      {
        level: "warn",
        message: "operations notice",
        fields: {
          opsNotice: "dispute_created",
          notice: "A payment was disputed.",
          disputeId: "dp_1",
          paymentIntentId: "pi_1",
        },
      },
    ]);
  });

  it("with a webhook URL: the log line and a JSON POST of the notice", async () => {
    const log = recordingLog();
    const sent: Request[] = [];
    const notifier = new WebhookNotifier(log, "https://ops.example.com/hook", "prd", async (request) => {
      sent.push(request);
      return new Response("ok");
    });
    await notifier.notify(notice);
    expect(log.lines).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("POST");
    expect(await sent[0]?.json()).toEqual({ ...notice, environment: "prd" });
  });

  it("a failing webhook is logged and does not fail the caller", async () => {
    const log = recordingLog();
    const notifier = new WebhookNotifier(log, "https://ops.example.com/hook", "prd", async () => {
      throw new Error("connection refused");
    });
    await expect(notifier.notify(notice)).resolves.toBeUndefined();
    expect(log.lines.map((line) => line.message)).toEqual(["operations notice", "operations webhook unreachable"]);
  });
});
