import type { Context } from "hono";
import type { z } from "zod";
import { InvalidPayloadError, ProviderError } from "../provider-error";
import { DEV_IDP_REQUESTS, type DevIdpCall } from "../request-schemas";

/** A field by its JSON name: Google's parser takes the proto name (`grant_type`) as `grantType`. */
function jsonName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The proto name of a field, as Google's parser names it in a refusal. */
function protoName(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

const PROTO_TYPES: Record<string, string> = { string: "TYPE_STRING", boolean: "TYPE_BOOL" };

async function rawBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer())));
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new InvalidPayloadError("Unexpected token.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InvalidPayloadError("Expected an object.");
  }
  return body as Record<string, unknown>;
}

/**
 * The request body of `call` as the provider reads it: JSON, or a form (the securetoken refresh
 * call), fields by their JSON names, checked against the call's fields (request-schemas.ts): an
 * unknown field or a wrong type is Google's "Invalid JSON payload received".
 */
export async function providerBody<C extends DevIdpCall>(
  c: Context,
  call: C,
): Promise<z.output<(typeof DEV_IDP_REQUESTS)[C]> & Record<string, unknown>> {
  const raw = await rawBody(c);
  const body = Object.fromEntries(Object.entries(raw).map(([name, value]) => [jsonName(name), value]));
  const parsed = DEV_IDP_REQUESTS[call].safeParse(body);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    if (issue?.code === "unrecognized_keys") {
      throw new InvalidPayloadError(`Unknown name "${issue.keys[0]}": Cannot find field.`);
    }
    const field = String(issue?.path[0] ?? "");
    const expected = issue?.code === "invalid_type" ? (PROTO_TYPES[issue.expected] ?? issue.expected) : "value";
    throw new InvalidPayloadError(`Invalid value at '${protoName(field)}' (${expected}).`);
  }
  return parsed.data as z.output<(typeof DEV_IDP_REQUESTS)[C]> & Record<string, unknown>;
}

/** A non-empty string field, or the provider's MISSING_* error. */
export function requiredString(body: Record<string, unknown>, field: string, missing: string): string {
  const value = body[field];
  if (typeof value !== "string" || value === "") throw new ProviderError(missing);
  return value;
}
