import type { Context } from "hono";
import { ProviderError } from "../provider-error";

/**
 * The request body as the provider reads it: JSON, or a form (the securetoken refresh call).
 * Only string and boolean fields are kept; the routes check what they need.
 */
export async function providerBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer())));
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ProviderError("INVALID_ARGUMENT", "Invalid JSON payload received.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ProviderError("INVALID_ARGUMENT", "Invalid JSON payload received.");
  }
  return body as Record<string, unknown>;
}

/** A non-empty string field, or the provider's MISSING_* error. */
export function requiredString(body: Record<string, unknown>, field: string, missing: string): string {
  const value = body[field];
  if (typeof value !== "string" || value === "") throw new ProviderError(missing);
  return value;
}
