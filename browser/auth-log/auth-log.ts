import { knownIssueOf } from "./known-issues";

/**
 * The client auth-log library (document 1, /api/log rule 4): a browser page records its sign-in
 * funnel events and sends them to the sign-in service's POST /api/log. It sends only when given a
 * target; without one (the default) it sends nothing. Records are batched under the 16 KiB body
 * limit and sent with navigator.sendBeacon first (survives the page being left), a keepalive
 * fetch when the beacon is refused or missing. Bodies are text/plain so no CORS preflight is needed.
 */

export type EvtName =
  | "phone_otp"
  | "email_password"
  | "custom_token"
  | "recaptcha"
  | "unknown"
  | "google"
  | "apple"
  | "twitter"
  | "facebook";
export type EvtAction =
  | "send_code"
  | "verify_code"
  | "render"
  | "solve"
  | "expire"
  | "redirect_start"
  | "redirect_result"
  | "sign_in"
  | "link"
  | "unlink"
  | "delete";

export interface AuthEvent {
  name: EvtName;
  action: EvtAction;
  surface: "signIn" | "signUp" | "link";
  outcome: "success" | "failure";
  /** code in the form auth/<code>. */
  error?: { code?: string; name?: string; message?: string };
  uid?: string | null;
  /** Overrides the tag found by knownIssueOf(error). */
  knownIssue?: string | null;
}

/** What the library uses of the browser; tests hand in their own. */
export interface Transport {
  sendBeacon?: (url: string, data: string) => boolean;
  fetch?: (url: string, init: KeepaliveInit) => Promise<unknown>;
}

/** The fetch options the fallback uses (keepalive lets the request outlive the page). */
export interface KeepaliveInit {
  method: "POST";
  body: string;
  keepalive: true;
  credentials: "omit";
  headers: Record<string, string>;
}

export interface AuthLogOptions {
  /** URL of POST /api/log. Missing or empty: nothing is ever sent. */
  target?: string | null;
  sessionId?: string;
  clientId?: string;
  /** Page path (never its query: it can carry codes). */
  path?: string;
  userAgent?: string;
  transport?: Transport;
  /** Delay before queued records are sent; flush() sends at once. */
  flushDelayMs?: number;
  schedule?: (work: () => void, ms: number) => void;
}

/** The server refuses bodies over 16 KiB; stay under it with room for nothing else. */
export const MAX_BATCH_BYTES = 16 * 1024 - 1;
/** The server keeps at most 20 records of one body. */
export const MAX_BATCH_RECORDS = 20;
const MAX_STRING = 512;

export interface AuthLog {
  readonly enabled: boolean;
  event(event: AuthEvent): void;
  /** Sends everything queued now (call before leaving the page). */
  flush(): void;
}

export function createAuthLog(options: AuthLogOptions = {}): AuthLog {
  const target = options.target || null;
  const transport = options.transport ?? browserTransport();
  const schedule = options.schedule ?? ((work, ms) => setTimeout(work, ms));
  const queue: string[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (!target) return;
    for (const body of batches(queue.splice(0))) send(transport, target, body);
  };

  return {
    enabled: target !== null,
    event(event) {
      if (!target) return;
      const record = {
        evt: {
          category: "authentication",
          name: event.name,
          action: event.action,
          surface: event.surface,
          outcome: event.outcome,
        },
        error: event.error && {
          code: short(event.error.code),
          name: short(event.error.name),
          message: short(event.error.message),
        },
        knownIssue: event.knownIssue !== undefined ? event.knownIssue : knownIssueOf(event.error),
        sessionId: options.sessionId,
        uid: event.uid ?? null,
        page: { path: options.path, clientId: options.clientId },
        client: { userAgent: short(options.userAgent) },
      };
      queue.push(JSON.stringify(record));
      if (!scheduled) {
        scheduled = true;
        schedule(flush, options.flushDelayMs ?? 1000);
      }
    },
    flush,
  };
}

/** JSON array bodies of at most MAX_BATCH_RECORDS records and MAX_BATCH_BYTES bytes each. */
export function batches(records: readonly string[]): string[] {
  const bodies: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const record of records) {
    const size = utf8Length(record) + 1;
    if (size + 2 > MAX_BATCH_BYTES) continue; // cannot be sent at all; records are kept small
    if (current.length === MAX_BATCH_RECORDS || bytes + size > MAX_BATCH_BYTES) {
      bodies.push(`[${current.join(",")}]`);
      current = [];
      bytes = 2;
    }
    current.push(record);
    bytes += size;
  }
  if (current.length > 0) bodies.push(`[${current.join(",")}]`);
  return bodies;
}

/** Beacon first; a keepalive fetch when the beacon is missing or refused (queue full, too large). */
export function send(transport: Transport, target: string, body: string): "beacon" | "fetch" | "none" {
  try {
    if (transport.sendBeacon?.(target, body)) return "beacon";
  } catch {
    // Some browsers throw instead of answering false; fall through to fetch.
  }
  if (!transport.fetch) return "none";
  transport
    .fetch(target, {
      method: "POST",
      body,
      keepalive: true,
      credentials: "omit",
      headers: { "content-type": "text/plain;charset=UTF-8" },
    })
    .catch(() => {});
  return "fetch";
}

function browserTransport(): Transport {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  return {
    sendBeacon: nav?.sendBeacon ? (url, data) => nav.sendBeacon(url, data) : undefined,
    fetch: typeof fetch === "undefined" ? undefined : (url, init) => fetch(url, init as RequestInit),
  };
}

function short(text: string | undefined): string | undefined {
  return text === undefined ? undefined : text.slice(0, MAX_STRING);
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
