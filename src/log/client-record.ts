import { isSecretField, REDACTED, scrubText } from "./scrub";

/**
 * The client log record of document 1 (POST /api/log), turned into what the server writes:
 * client input is untrusted, so every rule of /api/log applies here, in this order: reserved and
 * server-decided keys dropped, every string, key and long number scrubbed (rule 3), then the
 * structure truncated (rule 2), enums checked (unknown values become "unknown").
 */

export const EVT_NAMES = [
  "phone_otp",
  "email_password",
  "custom_token",
  "recaptcha",
  "unknown",
  // One per social sign-in provider, named after the provider (google.com -> google).
  "google",
  "apple",
  "twitter",
  "facebook",
] as const;
export const EVT_ACTIONS = [
  "send_code",
  "verify_code",
  "render",
  "solve",
  "expire",
  "redirect_start",
  "redirect_result",
  "sign_in",
  "link",
  "unlink",
  "delete",
] as const;
export const EVT_SURFACES = ["signIn", "signUp", "link"] as const;
export const EVT_OUTCOMES = ["success", "failure"] as const;

export type EvtName = (typeof EVT_NAMES)[number];
export type EvtAction = (typeof EVT_ACTIONS)[number];
export type EvtSurface = (typeof EVT_SURFACES)[number];
export type EvtOutcome = (typeof EVT_OUTCOMES)[number];

export const LIMITS = { depth: 4, keys: 30, items: 20, chars: 512 } as const;

/** Google Cloud Logging's special-field prefix: a client must not set those fields of our line. */
export const RESERVED_PREFIX = "logging.googleapis.com/";
/** Decided by the server; sent by a client they are dropped (document 1, client log record). */
const SERVER_KEYS = new Set(["severity", "timestamp", "message", "origin", "env", "event", "time"]);
/** The record's own fields, read below; any other top-level key goes to `context`. */
const RECORD_KEYS = new Set(["evt", "error", "knownIssue", "sessionId", "uid", "page", "client"]);

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const TAG = /^[A-Za-z0-9_.:-]{1,64}$/;
const ERROR_CODE = /^auth\/[a-z0-9-]{1,64}$/;

export interface ClientLogLine {
  severity: "INFO" | "NOTICE" | "WARNING";
  message: string;
  origin: "auth-web";
  env: string;
  event: "auth_client_event";
  uid: string | null;
  evt: {
    category: "authentication";
    name: EvtName;
    action: EvtAction | "unknown";
    surface: EvtSurface | "unknown";
    outcome: EvtOutcome | "unknown";
  };
  error?: { code: string; name?: unknown; message?: unknown };
  knownIssue: string | null;
  sessionId: string | null;
  page?: { path?: string; clientId?: unknown };
  client?: { userAgent?: unknown };
  context?: unknown;
}

/** The line the server writes for one client record (without the logger's app/requestId). */
export function clientLogLine(input: unknown, env: string): ClientLogLine {
  const record = isObject(input) ? input : {};
  const evt = isObject(record.evt) ? record.evt : {};
  const outcome = oneOf(EVT_OUTCOMES, evt.outcome);
  const knownIssue = knownIssueTag(record.knownIssue);
  const line: ClientLogLine = {
    severity: outcome !== "failure" ? "INFO" : knownIssue ? "NOTICE" : "WARNING",
    message: "",
    origin: "auth-web",
    env,
    event: "auth_client_event",
    uid: safeId(record.uid),
    evt: {
      category: "authentication",
      name: oneOf(EVT_NAMES, evt.name),
      action: oneOf(EVT_ACTIONS, evt.action),
      surface: oneOf(EVT_SURFACES, evt.surface),
      outcome,
    },
    knownIssue,
    sessionId: safeId(record.sessionId),
  };
  // Only enum values reach the message, so it needs no scrubbing.
  line.message = `auth ${line.evt.name} ${line.evt.action} ${line.evt.outcome}`;
  if (isObject(record.error)) {
    const code =
      typeof record.error.code === "string" && ERROR_CODE.test(record.error.code) ? record.error.code : "unknown";
    line.error = { code, name: sanitize(record.error.name, 2), message: sanitize(record.error.message, 2) };
  }
  if (isObject(record.page)) {
    const path = typeof record.page.path === "string" ? pathOnly(record.page.path) : undefined;
    line.page = { path, clientId: sanitize(record.page.clientId, 2) };
  }
  if (isObject(record.client)) line.client = { userAgent: sanitize(record.client.userAgent, 2) };
  const context = Object.fromEntries(
    Object.entries(record).filter(([key]) => !RECORD_KEYS.has(key) && !SERVER_KEYS.has(key)),
  );
  if (Object.keys(context).length > 0) line.context = sanitize(context, 1);
  return line;
}

/**
 * Any client value made safe to log: reserved keys dropped, secret-named keys redacted, strings,
 * keys and long integers scrubbed, then cut to the limits (depth counts the record as 1).
 */
export function sanitize(value: unknown, depth: number): unknown {
  if (typeof value === "string") return short(scrubText(value), LIMITS.chars);
  if (typeof value === "number") return scrubText(String(value)) === String(value) ? value : "[redacted]";
  if (value === null || typeof value !== "object")
    return typeof value === "boolean" ? value : value === null ? null : undefined;
  if (depth >= LIMITS.depth) return "[truncated]";
  if (Array.isArray(value)) return value.slice(0, LIMITS.items).map((item) => sanitize(item, depth + 1) ?? null);
  const out: Record<string, unknown> = {};
  let kept = 0;
  for (const [key, item] of Object.entries(value)) {
    if (kept >= LIMITS.keys) break;
    if (SERVER_KEYS.has(key) || key.startsWith(RESERVED_PREFIX)) continue;
    const safeKey = short(scrubText(key), 64);
    out[safeKey] = isSecretField(key, item) ? REDACTED : sanitize(item, depth + 1);
    kept += 1;
  }
  return out;
}

/** The path of a page, never its query or fragment (they carry codes and tokens), scrubbed. */
function pathOnly(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  return short(scrubText(bare), LIMITS.chars);
}

/** A known-issue tag is a short name ("expired-callback"); anything else sent there becomes "other". */
function knownIssueTag(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  return TAG.test(value) && scrubText(value) === value ? value : "other";
}

/** An id (uid, sessionId) kept only when it is an id and nothing the scrubber would touch. */
function safeId(value: unknown): string | null {
  if (typeof value !== "string" || !ID.test(value)) return null;
  return scrubText(value) === value ? value : null;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | "unknown" {
  return typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : "unknown";
}

function short(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
