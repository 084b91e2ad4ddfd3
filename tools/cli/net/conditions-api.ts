// The harness server's dev-only endpoint for the seats' network: GET /harness/conditions answers
// every seat's conditions, POST /harness/conditions/{seatId} changes one seat's (a JSON
// ConditionChange, checked with zod). Errors are JSON {error, message}.
import type { IncomingMessage } from "node:http";
import { conditionChangeSchema, type NetworkSnapshot } from "../../../src/page-configs/network-conditions.ts";
import type { SeatConditions } from "./seat-conditions.ts";

/** A change is a few dozen bytes; a body past this is refused unread. */
export const MAX_BODY_BYTES = 1024;

export type ApiAnswer =
  | { status: 200; body: NetworkSnapshot }
  | { status: 400 | 403 | 404 | 405 | 413 | 415; body: { error: string; message: string } };

const refuse = <S extends 400 | 403 | 404 | 405 | 413 | 415>(status: S, error: string, message: string) =>
  ({ status, body: { error, message } }) as const;

/** Applies one change the page asked for to `seatId`; the whole picture after it, or why not. */
export function applyConditionChange(conditions: SeatConditions, seatId: string, body: unknown): ApiAnswer {
  if (!conditions.knows(seatId)) return refuse(404, "unknown_seat", `No seat ${seatId} in this harness`);
  const parsed = conditionChangeSchema.safeParse(body);
  if (!parsed.success)
    return refuse(400, "invalid_condition", parsed.error.issues.map((issue) => issue.message).join("; "));
  const change = parsed.data;
  if (change.kind === "latency") conditions.setLatency(seatId, change.ms);
  else if (change.kind === "drop") conditions.drop(seatId);
  else conditions.goOffline(seatId, change.seconds);
  return { status: 200, body: conditions.snapshot() };
}

/**
 * The request's side of the endpoint: method, same origin (a page of another site must not
 * disturb the author's game), JSON, a small body. Pages of this harness are served from
 * `origins`.
 */
export async function answerConditionsRequest(
  req: IncomingMessage,
  pathname: string,
  conditions: SeatConditions,
  origins: readonly string[],
): Promise<ApiAnswer> {
  const seatPart = pathname.slice("/harness/conditions".length);
  if (seatPart === "" || seatPart === "/") {
    if (req.method !== "GET" && req.method !== "HEAD")
      return refuse(405, "method_not_allowed", "GET the conditions; POST a change to /harness/conditions/{seatId}");
    return { status: 200, body: conditions.snapshot() };
  }
  if (req.method !== "POST") return refuse(405, "method_not_allowed", "POST a change to /harness/conditions/{seatId}");
  const origin = req.headers.origin;
  if (origin !== undefined && !origins.includes(origin))
    return refuse(403, "cross_origin", "Only the harness page itself may change the seats' network");
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? ""))
    return refuse(415, "unsupported_media_type", "Send the change as application/json");
  const text = await readSmallBody(req);
  if (text === null) return refuse(413, "body_too_large", `A change is at most ${MAX_BODY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(400, "invalid_json", "The body is not JSON");
  }
  let seatId: string;
  try {
    seatId = decodeURIComponent(seatPart.slice(1));
  } catch {
    return refuse(404, "unknown_seat", "No such seat in this harness");
  }
  return applyConditionChange(conditions, seatId, body);
}

/** The body as text, or null once it passes MAX_BODY_BYTES (the rest is not read). */
function readSmallBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
