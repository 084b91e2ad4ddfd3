import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { ApiError, errorResponse } from "./errors";

/** JSON requests of the apps carry a few fields; larger bodies are refused before they are read. */
export const JSON_BODY_LIMIT = 16 * 1024;

export const smallJsonBody = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: () => errorResponse(413, "payload_too_large", `The body must be at most ${JSON_BODY_LIMIT} bytes.`),
});

/** The JSON body of a request checked with a zod schema; 400 naming the first bad field. */
export async function jsonInput<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError(400, "invalid_json", "The request body must be JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ApiError(400, "invalid_request", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "is invalid"}`);
  }
  return result.data;
}
