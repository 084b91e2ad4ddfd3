import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IdTokenError } from "../../src/idp/identity-provider";
import { JwksCache, maxAgeOf, UNKNOWN_KID_REFETCH_INTERVAL_SECONDS } from "../../src/idp/jwks";

function publicJwk(kid: string, extra: Record<string, unknown> = {}) {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig", ...extra };
}

const KEY_A = publicJwk("a");
const KEY_B = publicJwk("b");

/** A provider whose key set and Cache-Control we change between calls, counting fetches. */
function fakeProvider(keys: unknown[], cacheControl: string | null = "public, max-age=600") {
  const provider = {
    keys,
    cacheControl,
    fetches: 0,
    status: 200,
    fetcher: async (request: Request) => {
      provider.fetches += 1;
      expect(request.url).toBe("https://keys.example/jwks");
      const headers = provider.cacheControl ? { "cache-control": provider.cacheControl } : undefined;
      return Response.json({ keys: provider.keys }, { status: provider.status, headers });
    },
  };
  return provider;
}

function clock(start = 1_000_000) {
  const state = { now: start };
  return { state, now: () => state.now };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IdTokenError) return error.code;
    throw error;
  }
  return "accepted";
}

describe("JwksCache", () => {
  it("fetches once and serves keys from memory within max-age", async () => {
    const provider = fakeProvider([KEY_A, KEY_B]);
    const time = clock();
    const cache = new JwksCache("https://keys.example/jwks", provider.fetcher, time.now);
    await cache.key("a");
    time.state.now += 599;
    await cache.key("b");
    expect(provider.fetches).toBe(1);
  });

  it("fetches again once max-age has passed", async () => {
    const provider = fakeProvider([KEY_A], "max-age=60");
    const time = clock();
    const cache = new JwksCache("https://keys.example/jwks", provider.fetcher, time.now);
    await cache.key("a");
    time.state.now += 61;
    await cache.key("a");
    expect(provider.fetches).toBe(2);
  });

  it("shares one fetch between concurrent first uses", async () => {
    const provider = fakeProvider([KEY_A]);
    const cache = new JwksCache("https://keys.example/jwks", provider.fetcher, clock().now);
    await Promise.all([cache.key("a"), cache.key("a"), cache.key("a")]);
    expect(provider.fetches).toBe(1);
  });

  it("refetches early for a kid it does not know (key rotation), at most once per interval", async () => {
    const provider = fakeProvider([KEY_A]);
    const time = clock();
    const cache = new JwksCache("https://keys.example/jwks", provider.fetcher, time.now);
    await cache.key("a");
    provider.keys = [KEY_A, KEY_B];
    time.state.now += UNKNOWN_KID_REFETCH_INTERVAL_SECONDS;
    await cache.key("b");
    expect(provider.fetches).toBe(2);

    expect(await codeOf(cache.key("garbage-1"))).toBe("id_token_key_unknown");
    expect(await codeOf(cache.key("garbage-2"))).toBe("id_token_key_unknown");
    expect(provider.fetches).toBe(2);
    time.state.now += UNKNOWN_KID_REFETCH_INTERVAL_SECONDS;
    expect(await codeOf(cache.key("garbage-3"))).toBe("id_token_key_unknown");
    expect(provider.fetches).toBe(3);
  });

  it("keeps only RSA keys meant for RS256 signatures", async () => {
    const provider = fakeProvider([
      publicJwk("enc", { use: "enc" }),
      publicJwk("ps", { alg: "PS256" }),
      { kty: "oct", kid: "hmac", k: "c2VjcmV0" },
      KEY_A,
    ]);
    const cache = new JwksCache("https://keys.example/jwks", provider.fetcher, clock().now);
    await expect(cache.key("a")).resolves.toBeInstanceOf(CryptoKey);
    for (const kid of ["enc", "ps", "hmac"]) expect(await codeOf(cache.key(kid))).toBe("id_token_key_unknown");
  });

  it("reports an unreachable or broken key set as id_token_keys_unavailable", async () => {
    const failing = new JwksCache("https://keys.example/jwks", async () => {
      throw new TypeError("network down");
    });
    expect(await codeOf(failing.key("a"))).toBe("id_token_keys_unavailable");
    const provider = fakeProvider([KEY_A]);
    provider.status = 503;
    expect(await codeOf(new JwksCache("https://keys.example/jwks", provider.fetcher).key("a"))).toBe(
      "id_token_keys_unavailable",
    );
    const notJwks = new JwksCache("https://keys.example/jwks", async () => Response.json({ hello: 1 }));
    expect(await codeOf(notJwks.key("a"))).toBe("id_token_keys_unavailable");
  });
});

describe("maxAgeOf", () => {
  it.each([
    ["public, max-age=19302, must-revalidate, no-transform", 19302],
    ["MAX-AGE=5", 5],
    ["no-store", null],
    [null, null],
  ])("%s -> %s", (header, expected) => {
    expect(maxAgeOf(header)).toBe(expected);
  });
});
