import { cors } from "hono/cors";
import { checkRedirectUri } from "../../src/auth/redirect-uri";
import type { AuthContext } from "./auth-env";

/**
 * CORS for the routes products call from their own pages (/api/log, /api/consent): the
 * configured origins are the web origins the environment accepts as redirect targets (operator
 * domains with the environment's prefix, localhost and preview domains in dev; README
 * "Configuration"), plus the auth app itself. Any other origin gets no CORS headers.
 */
export function allowedOrigin(origin: string, c: AuthContext): string | null {
  if (origin === c.get("config").apps.auth.origin) return origin;
  if (!/^https?:\/\/[^/]+$/.test(origin)) return null;
  return checkRedirectUri(`${origin}/`, c.get("auth").redirectPolicy).ok ? origin : null;
}

export const configuredOriginsCors = cors({
  origin: (origin, c) => allowedOrigin(origin, c as AuthContext),
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ["content-type", "authorization"],
  maxAge: 600,
});
