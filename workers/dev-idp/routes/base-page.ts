import { urlFor } from "../../../src/base-url";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { basePageRoutes } from "../../../src/worker-kit/pages/base-page";
import { pageAssetRoutes } from "../../../src/worker-kit/pages/page-assets";
import { SEED_PASSWORD, SEED_USERS } from "../seed";

/**
 * GET {IDP_URL}/ for a browser: what the stand-in is, the accounts to sign in with, the pages of
 * its own a person meets (from the login page), and its API. GET /assets/*: the page kit's files.
 */
export const basePageRoute = basePageRoutes<AppEnv>((c) => {
  const config = c.get("config");
  const idp = config.apps["dev-idp"];
  if (!idp) throw new Error("the dev IdP's base page is served only where the dev IdP is mounted");
  const login = new URL(urlFor(config.apps.auth, "/login"));
  login.searchParams.set("client_id", "store");
  login.searchParams.set("redirect_uri", urlFor(config.apps.store, "/"));
  return {
    lang: "en",
    title: "Identity provider stand-in (dev only)",
    intro:
      "Stands in for the identity provider on this machine, offline: the login pages sign people in here, and it signs their ID tokens.",
    assetsUrl: urlFor(idp, "/assets"),
    sections: [
      {
        heading: "Sign in with",
        entries: [
          ...SEED_USERS.map((user) => ({
            label: user.email ?? user.uid,
            note: `Password ${SEED_PASSWORD}${Object.keys(user.customClaims).length > 0 ? `; claims: ${Object.keys(user.customClaims).join(", ")}` : ""}. Every login page offers it under Dev accounts.`,
          })),
          { label: "Any phone number", note: "Code 123456 (no SMS is sent), once the reCAPTCHA stand-in has passed." },
          { label: "Sign in to the coin store", href: login.href, note: "A login page, with the accounts above." },
        ],
      },
      {
        heading: "Its pages",
        entries: [
          {
            label: "Social sign-in",
            pattern: urlFor(idp, "/social/authorize"),
            note: "The consent page the login page's Google, Apple, X and Facebook buttons open.",
          },
          {
            label: "reCAPTCHA stand-in",
            pattern: urlFor(idp, "/recaptcha/frame"),
            note: "The badge the login page shows before it asks for an SMS code; it always passes.",
          },
        ],
      },
      {
        heading: "For programs",
        entries: [
          { label: "ID-token keys", href: urlFor(idp, "/jwks"), note: "The JWK set that verifies its ID tokens." },
          {
            label: "Provider API",
            pattern: `POST ${urlFor(idp, "/v1/accounts:signInWithPassword")}?key=…`,
            note: "The provider's REST subset the platform calls.",
          },
          {
            label: "Accounts",
            pattern: `POST ${urlFor(idp, "/admin/users")}`,
            note: "Create an account; PUT /admin/users/{uid}/claims sets its custom claims.",
          },
          { label: "Service status", href: urlFor(idp, "/health"), note: "JSON, for monitoring." },
        ],
      },
    ],
  };
}).route("/", pageAssetRoutes("idp"));
