import { z } from "zod";
import { type ClientMessage, MAX_FRAME_BYTES, type ParsedFrame } from "./protocol";
import { utf8Over } from "./utf8-size";

const actionMessage = z.object({
  type: z.literal("__action"),
  action: z.string().min(1).max(128),
  payload: z.record(z.string(), z.unknown()).optional().default({}),
  seq: z.number().int().nonnegative(),
});
const inputMessage = z.object({ type: z.literal("__input"), data: z.record(z.string(), z.unknown()) });
const platformMessage = z.object({
  type: z.literal("__platform"),
  message: z.object({ type: z.string().min(1).max(64), payload: z.unknown().optional() }),
});
const bare = <T extends string>(type: T) => z.object({ type: z.literal(type) });

export const clientMessageSchema = z.discriminatedUnion("type", [
  actionMessage,
  inputMessage,
  platformMessage,
  bare("__pause"),
  bare("__resume"),
  bare("__request_state"),
  bare("__ping"),
]);

// The schema and the hand-written protocol type must describe the same messages.
const sameShape: z.infer<typeof clientMessageSchema> extends ClientMessage ? true : false = true;
void sameShape;

/** Each message type's own schema: a frame is checked against its type's schema only. */
const SCHEMA_OF_TYPE = new Map<string, z.ZodType<ClientMessage>>(
  clientMessageSchema.options.map((option) => [option.shape.type.value, option as z.ZodType<ClientMessage>]),
);

/** Validates one incoming text frame without ever throwing. */
export function parseClientFrame(frame: string | ArrayBuffer): ParsedFrame {
  if (typeof frame !== "string")
    return { ok: false, code: "invalid_message", error: "Frames must be JSON text", seq: null };
  if (utf8Over(frame, MAX_FRAME_BYTES)) {
    return { ok: false, code: "frame_too_large", error: `Frames are limited to ${MAX_FRAME_BYTES} bytes`, seq: null };
  }
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return { ok: false, code: "invalid_json", error: "Frame is not valid JSON", seq: null };
  }
  const type = (value as { type?: unknown } | null)?.type;
  const schema = typeof type === "string" ? SCHEMA_OF_TYPE.get(type) : undefined;
  if (!schema) {
    return { ok: false, code: "unknown_type", error: `Unknown message type: ${String(type)}`, seq: null };
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const rawSeq = (value as { seq?: unknown }).seq;
    const issue = result.error.issues[0];
    return {
      ok: false,
      code: "invalid_message",
      error: `Invalid ${type}: ${issue?.path.join(".") || "message"} ${issue?.message ?? ""}`.trim(),
      seq: typeof rawSeq === "number" && Number.isFinite(rawSeq) ? rawSeq : null,
    };
  }
  return { ok: true, message: result.data };
}
