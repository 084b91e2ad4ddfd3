/**
 * Notifications to operations (document 2: a refund the balance cannot cover, a dispute;
 * document 1: the SMS sign-in success rate below its alert line, and back): one
 * interface, a structured log line always, and a POST to a webhook URL when one is configured
 * (a chat or paging tool's incoming webhook). Nothing here imports Cloudflare.
 */

export type OpsNoticeKind =
  | "refund_not_covered"
  | "refund_partial"
  | "dispute_created"
  | "refund_unknown_deposit"
  | "sms_success_rate_low"
  | "sms_success_rate_recovered";

export interface OpsNotice {
  kind: OpsNoticeKind;
  /** One sentence for a person. */
  message: string;
  /** Ids that let operations find the case (user id, payment intent, dispute); never personal data. */
  refs: Record<string, string | number | null>;
}

export interface OperationsNotifier {
  notify(notice: OpsNotice): Promise<void>;
}

/** The log side: a WARNING line "operations notice" with the kind and refs. */
export interface NoticeLog {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export class LogNotifier implements OperationsNotifier {
  private readonly log: NoticeLog;

  constructor(log: NoticeLog) {
    this.log = log;
  }

  async notify(notice: OpsNotice): Promise<void> {
    this.log.warn("operations notice", { opsNotice: notice.kind, notice: notice.message, ...notice.refs });
  }
}

/**
 * Log line plus a JSON POST {kind, message, refs, environment} to the configured URL. A failed
 * POST is logged and does not fail the caller: the log line is the record.
 */
export class WebhookNotifier implements OperationsNotifier {
  private readonly log: NoticeLog;
  private readonly url: string;
  private readonly environment: string;
  private readonly fetcher: (request: Request) => Promise<Response>;

  constructor(
    log: NoticeLog,
    url: string,
    environment: string,
    fetcher: (request: Request) => Promise<Response> = (request) => fetch(request),
  ) {
    this.log = log;
    this.url = url;
    this.environment = environment;
    this.fetcher = fetcher;
  }

  async notify(notice: OpsNotice): Promise<void> {
    await new LogNotifier(this.log).notify(notice);
    try {
      const response = await this.fetcher(
        new Request(this.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...notice, environment: this.environment }),
        }),
      );
      await response.body?.cancel();
      if (!response.ok) this.log.error("operations webhook refused the notice", { status: response.status });
    } catch (error) {
      this.log.error("operations webhook unreachable", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

export function createNotifier(
  log: NoticeLog,
  webhookUrl: string | undefined,
  environment: string,
): OperationsNotifier {
  const url = webhookUrl?.trim();
  return url ? new WebhookNotifier(log, url, environment) : new LogNotifier(log);
}
