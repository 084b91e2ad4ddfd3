import { z } from "zod";
import { type BaseUrl, BaseUrlError, formatBaseUrl, parseBaseUrl } from "../base-url.ts";
import { parseAllowList } from "../egress/policy.ts";
import { type AuthConfig, authConfigFrom, authVarsSchema } from "./auth.ts";
import { type IdpConfig, idpConfigFrom, idpVarsSchema } from "./idp.ts";
import { type RoomsConfig, roomsConfigFrom, roomsVarsSchema } from "./rooms.ts";

/** Every app the router can reach; dev-idp and dev-payments exist only in dev. */
export const APP_NAMES = ["auth", "store", "backend", "rooms", "dev-idp", "dev-payments"] as const;
export type AppName = (typeof APP_NAMES)[number];

export type Environment = "dev" | "stg" | "prd";

export interface Config {
  readonly environment: Environment;
  /** Base URL of each app mounted in this environment. */
  readonly apps: Readonly<Partial<Record<AppName, BaseUrl>>> &
    Readonly<Record<"auth" | "store" | "backend" | "rooms", BaseUrl>>;
  /** Hosts scenario code may call through the egress gate; empty means no outbound access at all. */
  readonly egressAllowedHosts: readonly string[];
  /** Sign-in service settings (src/config/auth.ts). */
  readonly auth: AuthConfig;
  /** Identity provider endpoints and service account (src/config/idp.ts). */
  readonly idp: IdpConfig;
  /** Seat tickets of the rooms (src/config/rooms.ts). */
  readonly rooms: RoomsConfig;
  /** Where the Stripe API is: api.stripe.com in stg and prd; the payment stand-in in dev. */
  readonly stripeApi: BaseUrl;
  /** Where the payment stand-in (dev only) delivers its signed events: the backend's webhook unless set. */
  readonly paymentsWebhookUrl: string;
}

const baseUrl = z.string().transform((value, ctx) => {
  try {
    return parseBaseUrl(value);
  } catch (error) {
    if (!(error instanceof BaseUrlError)) throw error;
    ctx.addIssue({ code: "custom", message: `${error.message} (got "${value}")` });
    return z.NEVER;
  }
});

/** Stand-in URLs: set in dev; stg and prd leave them empty (wrangler wants every top-level var in each env). */
const devOnlyUrl = z.preprocess((value) => (value === "" ? undefined : value), baseUrl.optional());

const rawConfigSchema = z
  .object({
    ENVIRONMENT: z.enum(["dev", "stg", "prd"]),
    AUTH_URL: baseUrl,
    STORE_URL: baseUrl,
    API_URL: baseUrl,
    ROOMS_URL: baseUrl,
    IDP_URL: devOnlyUrl,
    PAYMENTS_URL: devOnlyUrl,
    STRIPE_API_URL: baseUrl,
    PAYMENTS_WEBHOOK_URL: devOnlyUrl,
    EGRESS_ALLOWED_HOSTS: z
      .string()
      .default("")
      .refine((value) => parseAllowList(value).every((host) => /^[a-z0-9.-]+$/.test(host) && !host.endsWith(".")), {
        message: "must be a comma-separated list of host names",
      }),
  })
  .extend(authVarsSchema.shape)
  .extend(idpVarsSchema.shape)
  .extend(roomsVarsSchema.shape)
  .superRefine((raw, ctx) => {
    if (raw.ROOM_TICKETS === "required" && !raw.ROOM_TICKET_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["ROOM_TICKET_SECRET"],
        message: "is required when ROOM_TICKETS is required",
      });
    }
    // auth_session's Domain (document 1: the auth host, so services cannot read it). Another host
    // would be refused by browsers (no sign-in would stick) or reach the product hosts.
    const authHost = new URL(raw.AUTH_URL.origin).hostname;
    if (raw.AUTH_DOMAIN !== "" && raw.AUTH_DOMAIN !== authHost) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_DOMAIN"],
        message: `must be the host of AUTH_URL (${authHost}), or empty for a host-only cookie`,
      });
    }
    if (raw.ENVIRONMENT !== "dev") return;
    for (const key of ["IDP_URL", "PAYMENTS_URL"] as const) {
      if (!raw[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when ENVIRONMENT is dev" });
    }
  });

export class ConfigError extends Error {
  readonly problems: readonly { variable: string; message: string }[];

  constructor(problems: readonly { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join("; ")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** What wrangler.toml ships in place of an operator's value (README "Deploy"). */
const PLACEHOLDER = "REPLACE_WITH_";

/**
 * Parses the Worker's vars and secrets. Throws ConfigError naming each bad variable. Any string
 * holding a REPLACE_WITH_ placeholder is one, whether the schema knows the variable or would
 * accept its shape: a placeholder API key or site key must not reach a browser.
 */
export function parseConfig(env: Record<string, unknown>): Config {
  const placeholders = Object.keys(env)
    .filter((variable) => {
      const value = env[variable];
      return typeof value === "string" && value.includes(PLACEHOLDER);
    })
    .map((variable) => ({
      variable,
      message: `is a placeholder (${PLACEHOLDER}...), not a value: set this environment's own (README "Deploy")`,
    }));
  const result = rawConfigSchema.safeParse(env);
  if (!result.success || placeholders.length > 0) {
    const named = new Set(placeholders.map((problem) => problem.variable));
    const invalid = (result.error?.issues ?? [])
      .map((issue) => ({
        variable: String(issue.path[0] ?? "config"),
        message:
          issue.path.length === 0 || issue.code !== "invalid_type" ? issue.message : describeTypeIssue(issue.input),
      }))
      .filter((problem) => !named.has(problem.variable));
    throw new ConfigError([...placeholders, ...invalid]);
  }
  const raw = result.data;
  const apps: Config["apps"] = {
    auth: raw.AUTH_URL,
    store: raw.STORE_URL,
    backend: raw.API_URL,
    rooms: raw.ROOMS_URL,
    ...(raw.ENVIRONMENT === "dev" && raw.IDP_URL ? { "dev-idp": raw.IDP_URL } : {}),
    ...(raw.ENVIRONMENT === "dev" && raw.PAYMENTS_URL ? { "dev-payments": raw.PAYMENTS_URL } : {}),
  };
  return {
    environment: raw.ENVIRONMENT,
    apps,
    egressAllowedHosts: parseAllowList(raw.EGRESS_ALLOWED_HOSTS),
    auth: authConfigFrom(raw),
    idp: idpConfigFrom(raw),
    rooms: roomsConfigFrom(raw),
    stripeApi: raw.STRIPE_API_URL,
    paymentsWebhookUrl: formatBaseUrl(
      raw.PAYMENTS_WEBHOOK_URL ?? { ...raw.API_URL, path: `${raw.API_URL.path}/webhook/payprov` },
    ),
  };
}

function describeTypeIssue(input: unknown): string {
  return input === undefined ? "is missing" : `has the wrong type (${typeof input})`;
}

const cache = new WeakMap<object, Config>();

/** parseConfig, once per env object (the runtime hands the same env to every request). */
export function configFor(env: object): Config {
  let config = cache.get(env);
  if (!config) {
    config = parseConfig(env as Record<string, unknown>);
    cache.set(env, config);
  }
  return config;
}
