import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";
import { parseOrThrow } from "../../../src/worker-kit/input";
import { recaptchaFramePage } from "../views/recaptcha-frame-page";

/** scheme://host[:port] of http or https, exactly as URL.origin writes it (so it is safe in a CSP). */
function isWebOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
}

const frameQuery = z.object({
  /** The site key the widget was rendered with; the token route checks it. */
  k: z.string().min(1).max(100),
  /** The embedding page's origin: the only window the frame answers and the only one that may embed it. */
  origin: z.string().max(300).refine(isWebOrigin, "must be the page's origin (http or https, no path)"),
});

/** A CSP source for exactly this inline script. */
async function scriptHash(source: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(source)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

/**
 * GET /recaptcha/frame?k=<site key>&origin=<page origin> (dev only): the frame the dev widget
 * renders (browser/dev-idp/recaptcha-frame.ts, built into public/idp/), where the check runs and
 * the token is fetched from this origin, as Google's widget does in its own frame. Its CSP runs
 * only its own script, connects only to its own origin and lets only the given origin embed it.
 */
export const recaptchaFrameRoutes = new Hono<AppEnv>().get("/recaptcha/frame", async (c) => {
  const { origin } = parseOrThrow(frameQuery, c.req.query());
  const asset = await c.env.ASSETS.fetch(new Request("https://assets.local/idp/recaptcha-frame.js"));
  if (asset.status !== 200) throw new ApiError(404, "not_found", "The dev reCAPTCHA frame script is not built.");
  const script = await asset.text();
  const policy = [
    "default-src 'none'",
    `script-src ${await scriptHash(script)}`,
    "connect-src 'self'",
    `frame-ancestors ${origin}`,
    "form-action 'none'",
    "base-uri 'none'",
  ];
  c.header("content-security-policy", policy.join("; "));
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  c.header("x-content-type-options", "nosniff");
  return c.html(recaptchaFramePage(script));
});
