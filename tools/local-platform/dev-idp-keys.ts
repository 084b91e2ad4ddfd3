/**
 * Keys of the local identity provider, made on this machine and never committed:
 * IDP_SERVICE_ACCOUNT (the service account whose key signs custom tokens, as the provider's
 * console would hand it out) and IDP_DEV_SIGNING_KEY (the dev IdP's own ID-token signing key,
 * a private JWK), and ROOM_TICKET_SECRET (the key of the rooms' seat tickets). `npm run dev`
 * writes them to .dev.vars; vitest.config.ts and tools/local-platform/local-platform.ts make fresh ones.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const DEV_IDP_SECRET_NAMES = ["IDP_SERVICE_ACCOUNT", "IDP_DEV_SIGNING_KEY", "ROOM_TICKET_SECRET"] as const;
export type DevIdpSecrets = Record<(typeof DEV_IDP_SECRET_NAMES)[number], string>;

export function generateDevIdpSecrets(projectId: string): DevIdpSecrets {
  const serviceAccount = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signing = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    IDP_SERVICE_ACCOUNT: JSON.stringify({
      type: "service_account",
      project_id: projectId,
      client_email: `dev-idp@${projectId}.iam.gserviceaccount.com`,
      private_key: serviceAccount.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    }),
    IDP_DEV_SIGNING_KEY: JSON.stringify({
      ...signing.privateKey.export({ format: "jwk" }),
      kid: randomUUID(),
      alg: "RS256",
      use: "sig",
    }),
    ROOM_TICKET_SECRET: randomBytes(32).toString("base64url"),
  };
}

/** Names of .dev.vars entries already present (KEY=... lines). */
export function devVarsNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)].map((match) => match[1] ?? ""));
}

/**
 * Adds the dev IdP secrets that .dev.vars lacks; never replaces one (users and tokens of a running
 * dev setup stay valid). Values are single-quoted: dotenv keeps them literal, so the "\n" inside
 * the JSON stays an escape. Returns the names it added.
 */
export function ensureDevIdpSecrets(devVarsPath: string, projectId: string): string[] {
  const text = existsSync(devVarsPath) ? readFileSync(devVarsPath, "utf8") : "";
  const present = devVarsNames(text);
  const missing = DEV_IDP_SECRET_NAMES.filter((name) => !present.has(name));
  if (missing.length === 0) return [];
  const secrets = generateDevIdpSecrets(projectId);
  const lines = missing.map((name) => `${name}='${secrets[name]}'`);
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  writeFileSync(devVarsPath, `${text}${separator}${lines.join("\n")}\n`, { mode: 0o600 });
  return missing;
}
