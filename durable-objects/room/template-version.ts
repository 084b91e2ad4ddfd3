import { ENGINE_TEMPLATE_SHA256 } from "./sandbox/generated-template";
import { CHANNEL_CPU_MS, SANDBOX_COMPATIBILITY_DATE } from "./sandbox-settings";

/**
 * Document 3's TEMPLATE_VERSION, derived instead of remembered: `<engine>-<egress>`, two short
 * hashes of what a room's isolate is built from besides logic.js. `engine` covers the engine
 * template (its generated bundle's hash) and the sandbox settings; `egress` the allow-list,
 * normalized (case, order and repeats do not count). A changed template or allow-list is a new
 * TEMPLATE_VERSION by itself, so every room reloads its code at its next connection and keeps its
 * state (docs/decisions/0094-template-version-is-derived-not-remembered.md). The codeId keeps document 3's shape: `revisionId:TEMPLATE_VERSION`.
 */
export async function templateVersion(
  allowedHosts: readonly string[],
  engineHash: string = ENGINE_TEMPLATE_SHA256,
): Promise<string> {
  const engine = `${engineHash}\n${SANDBOX_COMPATIBILITY_DATE}\n${CHANNEL_CPU_MS}`;
  const egress = [...new Set(allowedHosts.map((host) => host.trim().toLowerCase()))].sort().join(",");
  const [engineHex, egressHex] = await Promise.all([shortHash(engine), shortHash(egress)]);
  return `${engineHex}-${egressHex}`;
}

const known = new Map<string, Promise<string>>();

/** revisionId + ":" + TEMPLATE_VERSION for this Worker's template and allow-list (worked out once per list). */
export async function codeIdOf(revisionId: string, allowedHosts: readonly string[]): Promise<string> {
  const key = allowedHosts.join(",");
  let version = known.get(key);
  if (!version) {
    version = templateVersion(allowedHosts);
    known.set(key, version);
  }
  return `${revisionId}:${await version}`;
}

async function shortHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest.subarray(0, 4), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
