import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { ApiError, errorResponse } from "./errors";

/**
 * Refuses a body larger than `maxSize` bytes with 413 `payload_too_large` before it is read.
 * `what` starts the message ("The client zip must be at most ... bytes.").
 */
export function bodyLimited(maxSize: number, what = "The body") {
  return bodyLimit({
    maxSize,
    onError: () => errorResponse(413, "payload_too_large", `${what} must be at most ${maxSize} bytes.`),
  });
}

/** JSON requests of the apps carry a few fields; larger bodies are refused before they are read. */
export const JSON_BODY_LIMIT = 16 * 1024;

export const smallJsonBody = bodyLimited(JSON_BODY_LIMIT);

/** Parses external input with a zod schema; a failure is a 400 naming the first bad field. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, input: unknown, code = "invalid_request") {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || "body";
    throw new ApiError(400, code, `${field}: ${issue?.message ?? "is invalid"}`);
  }
  return result.data as z.output<Schema>;
}

/** The JSON body of a request, or a 400 `invalid_json` when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ApiError(400, "invalid_json", "The request body must be JSON.");
  }
}

/** The JSON body of a request checked with a zod schema; 400 naming the first bad field. */
export async function jsonInput<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  return parseOrThrow(schema, await jsonBody(request));
}
