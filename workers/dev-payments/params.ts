import { z } from "zod";
import { StripeApiError } from "./stand-in";

/**
 * Parameter checks of the stand-in, answering what Stripe answers for the same mistake: HTTP 400,
 * `{"error": {"type": "invalid_request_error", "message", "param", "code"?}}`. The codes are
 * Stripe's (`parameter_missing`, `parameter_unknown`, `parameter_invalid_empty`,
 * `parameter_invalid_integer`, `url_invalid`, `resource_missing`); an enum value the API does not
 * take has no code, only `Invalid <param>: must be one of a, b, or c`, as Stripe words it.
 */

/** Stripe's spelling of a parameter path: line_items[0][price]. */
export function paramName(path: readonly PropertyKey[]): string {
  const [head = "", ...rest] = path.map(String);
  return head + rest.map((part) => `[${part}]`).join("");
}

export function invalidRequest(message: string, param: string, code?: string): StripeApiError {
  return new StripeApiError(400, "invalid_request_error", message, code, param);
}

/** An object a parameter names that does not exist (a path's own id answers 404 instead). */
export function noSuchParam(kind: string, id: string, param: string): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, param, "resource_missing");
}

/** A custom zod issue that becomes exactly this Stripe error. */
function fail(ctx: z.RefinementCtx, message: string, code?: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message, params: { stripeCode: code } });
  return z.NEVER;
}

/** "a, b, or c", as Stripe lists allowed values. */
function listed(values: readonly unknown[]): string {
  const words = values.map(String);
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")}, or ${words.at(-1)}`;
}

const NOT_IMPLEMENTED = " (the payment stand-in takes only the parameters the platform sends)";

function stripeErrorOf(issue: z.core.$ZodIssue): StripeApiError {
  const param = paramName(issue.path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const unknown = paramName([...issue.path, issue.keys[0] ?? ""]);
      return invalidRequest(`Received unknown parameter: ${unknown}${NOT_IMPLEMENTED}`, unknown, "parameter_unknown");
    }
    case "invalid_value":
      return invalidRequest(`Invalid ${param}: must be one of ${listed(issue.values)}`, param);
    case "invalid_type":
      if (issue.input === undefined)
        return invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");
      if (issue.expected === "array") return invalidRequest("Invalid array", param);
      if (issue.expected === "object" || issue.expected === "record") return invalidRequest("Invalid hash", param);
      return invalidRequest(`Invalid ${param}: must be a string`, param);
    case "custom": {
      const code = (issue.params as { stripeCode?: string } | undefined)?.stripeCode;
      return invalidRequest(issue.message, param, code);
    }
    default:
      return invalidRequest(`Invalid ${param}: ${issue.message}`, param);
  }
}

/**
 * The first empty string in a form body outside metadata. Stripe reads an empty value as "unset",
 * which a create request cannot do: parameter_invalid_empty. In metadata it removes the key.
 */
function emptyParam(value: unknown, path: PropertyKey[]): string | null {
  if (value === "") return paramName(path);
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key === "metadata") continue;
    const found = emptyParam(inner, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return null;
}

/** Checks a form-decoded body or query with a schema; the first problem throws Stripe's error. */
export function stripeParams<T>(schema: z.ZodType<T>, input: Record<string, unknown>): T {
  const empty = emptyParam(input, []);
  if (empty) {
    throw invalidRequest(
      `You passed an empty string for '${empty}'. We assume empty values are an attempt to unset a parameter; however '${empty}' cannot be unset. You should remove '${empty}' from your request or supply a non-empty value.`,
      empty,
      "parameter_invalid_empty",
    );
  }
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw issue ? stripeErrorOf(issue) : invalidRequest("Invalid request", "");
}

/** Stripe's strings are at most 5000 characters unless a parameter says less. */
export function text(max = 5000) {
  return z.string().transform((value, ctx) => {
    if (value.length <= max) return value;
    return fail(ctx, `Invalid string: ${value.slice(0, 40)}...; must be at most ${max} characters`);
  });
}

/** A form integer ("12") from `min` to `max`. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.string().transform((raw, ctx) => {
    if (!/^-?\d{1,15}$/.test(raw)) return fail(ctx, `Invalid integer: ${raw}`, "parameter_invalid_integer");
    const value = Number(raw);
    if (value < min) return fail(ctx, `This value must be greater than or equal to ${min}.`);
    if (value > max) return fail(ctx, `This value must be less than or equal to ${max}.`);
    return value;
  });
}

export const boolean = z.string().transform((raw, ctx) => {
  if (raw === "true" || raw === "false") return raw === "true";
  return fail(ctx, `Invalid boolean: ${raw}`);
});

/** An absolute http(s) URL, as Checkout's return URLs must be. */
export const absoluteUrl = text().transform((raw, ctx) => {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url && (url.protocol === "https:" || url.protocol === "http:")) return raw;
  return fail(ctx, "Not a valid URL", "url_invalid");
});

/**
 * A three-letter ISO 4217 code, any case (Stripe lower-cases it). Stripe settles in fewer
 * currencies than ISO lists; the stand-in takes the runtime's ISO list (Intl), and a price's
 * currency_options narrow it further where it matters.
 */
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf("currency").map((code) => code.toLowerCase()));
export function isIsoCurrency(code: string): boolean {
  return ISO_CURRENCIES.has(code.toLowerCase());
}
export const currency = z.string().transform((raw, ctx) => {
  if (!/^[a-zA-Z]{3}$/.test(raw) || !isIsoCurrency(raw)) return fail(ctx, `Invalid currency: ${raw}.`);
  return raw.toLowerCase();
});

/** Stripe's metadata limits (docs: Metadata): at most 50 keys, keys up to 40 and values up to 500 characters, strings only. */
const METADATA_KEYS = 50;
const METADATA_KEY_LENGTH = 40;
const METADATA_VALUE_LENGTH = 500;

/** `metadata[key]=value` pairs; an empty value (or `metadata=` itself) sets nothing. */
export const metadata = z.union([z.literal(""), z.record(z.string(), z.unknown())]).transform((input, ctx) => {
  const entries = input === "" ? [] : Object.entries(input);
  if (entries.length > METADATA_KEYS) {
    return fail(ctx, `Metadata can have up to ${METADATA_KEYS} keys, but you've set ${entries.length}.`);
  }
  const kept: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (key.length > METADATA_KEY_LENGTH) {
      return fail(
        ctx,
        `Metadata keys can have up to ${METADATA_KEY_LENGTH} characters, but you passed in a key that is ${key.length} characters. Invalid key: ${key}`,
      );
    }
    if (typeof value !== "string") {
      return fail(
        ctx,
        `Invalid val: ${JSON.stringify(value)} must be a string under ${METADATA_VALUE_LENGTH} characters`,
      );
    }
    if (value.length > METADATA_VALUE_LENGTH) {
      return fail(
        ctx,
        `Metadata values can have up to ${METADATA_VALUE_LENGTH} characters, but you passed in a value that is ${value.length} characters. Invalid value: ${value.slice(0, 40)}...`,
      );
    }
    if (value !== "") kept[key] = value;
  }
  return kept;
});

/** `expand[]`: only the expansions the stand-in answers. */
export function expand<const T extends readonly [string, ...string[]]>(allowed: T) {
  return z.array(z.enum(allowed)).optional();
}
