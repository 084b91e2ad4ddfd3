import type { z } from "zod";
import { ApiError } from "../shared/errors";

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
