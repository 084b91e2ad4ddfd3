import type { z } from "zod";
import { ApiError } from "../shared/errors";

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

/** The JSON body of a request, or a 400 when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ApiError(400, "invalid_json", "The request body must be JSON.");
  }
}
