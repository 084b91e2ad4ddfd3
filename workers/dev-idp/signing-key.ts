import { importJWK, type JWK } from "jose";
import { z } from "zod";
import { ApiError } from "../../src/worker-kit/errors";

/** The dev IdP's ID-token signing key (secret IDP_DEV_SIGNING_KEY, a private RSA JWK with kid). */
export interface DevSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half, as the JWKS route serves it. */
  publicJwk: JWK;
}

const privateRsaJwk = z.looseObject({
  kty: z.literal("RSA"),
  kid: z.string().min(1),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
});

const keys = new WeakMap<object, Promise<DevSigningKey>>();

/** Parsed and imported once per env. A bad secret answers 500 config_invalid naming it, never quoting it. */
export function devSigningKeyFor(env: Env): Promise<DevSigningKey> {
  let key = keys.get(env);
  if (!key) {
    key = importSigningKey(env.IDP_DEV_SIGNING_KEY);
    key.catch(() => keys.delete(env));
    keys.set(env, key);
  }
  return key;
}

async function importSigningKey(secret: unknown): Promise<DevSigningKey> {
  const invalid = (why: string) =>
    new ApiError(500, "config_invalid", `IDP_DEV_SIGNING_KEY ${why} (npm run dev generates it into .dev.vars).`);
  if (typeof secret !== "string") throw invalid("is missing");
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    throw invalid("is not JSON");
  }
  const jwk = privateRsaJwk.safeParse(parsed);
  if (!jwk.success) throw invalid("must be a private RSA JWK with a kid");
  const { kid, n, e } = jwk.data;
  const privateKey = await importJWK({ ...jwk.data, alg: "RS256" }, "RS256").catch(() => {
    throw invalid("could not be imported as an RS256 key");
  });
  const publicKey = await importJWK({ kty: "RSA", n, e }, "RS256");
  if (!(privateKey instanceof CryptoKey) || !(publicKey instanceof CryptoKey)) {
    throw invalid("could not be imported as an RS256 key");
  }
  return { kid, privateKey, publicKey, publicJwk: { kty: "RSA", kid, n, e, alg: "RS256", use: "sig" } };
}
