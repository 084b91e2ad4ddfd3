import { env, exports } from "cloudflare:workers";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { CODE_LIMITS } from "../../../src/publishing/limits";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { AUTH, newUser } from "../auth-support";
import { handBuiltZip } from "./hand-built-zip";
import { putFile, register, type StartedUpload, scenarioId, startUpload } from "./publish-support";

const MiB = 1024 * 1024;
const PAGE = { name: "index.html", content: strToU8("<!doctype html><p>game</p>") };

async function freshUpload(): Promise<{ idToken: string; started: StartedUpload }> {
  const { idToken } = await newUser();
  return { idToken, started: await startUpload(idToken, { scenarioId: scenarioId() }) };
}

/** Every key the upload's revision has in R2, whatever it is. */
async function keysOf(revisionId: string): Promise<string[]> {
  return (await env.CODE.list({ prefix: `${revisionId}/` })).objects.map((object) => object.key);
}

/** A refused client zip: 400 invalid_client_zip naming the file, nothing kept, the session still waiting for one. */
async function expectRefused(zip: Uint8Array, message: RegExp) {
  const { idToken, started } = await freshUpload();
  const res = await putFile(started.clientZip.url, zip);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: "invalid_client_zip", message: expect.stringMatching(message) });
  expect(await keysOf(started.revisionId)).toEqual([]);
  await putFile(started.logic?.url as string, counterSource);
  const registration = await register(idToken, started.uploadId);
  expect(registration.status).toBe(409);
  expect(await registration.json()).toMatchObject({
    error: "files_missing",
    message: expect.stringContaining("client.zip"),
  });
}

describe("a client zip whose entries lie", () => {
  it("refuses a zip bomb: an entry declaring 10 bytes (central directory and local header) that inflates to 40 MiB", async () => {
    const bomb = { name: "assets/level.bin", content: new Uint8Array(40 * MiB), declaredSize: 10 };
    const zip = handBuiltZip([PAGE, bomb]);
    expect(zip.byteLength).toBeLessThan(CODE_LIMITS.clientZipBytes);
    await expectRefused(zip, /assets\/level\.bin does not inflate to the 10 bytes the zip declares/);
  });

  it("refuses an entry that inflates to fewer bytes than it declares", async () => {
    // Its CRC-32 is that of the short content, but it is checked over the bytes that did come out.
    const short = { name: "short.js", content: strToU8("let a = 1;"), declaredSize: 1000 };
    await expectRefused(handBuiltZip([PAGE, short]), /short\.js does not (inflate to the 1000 bytes|match the CRC-32)/);
  });

  it("refuses an entry whose bytes do not match its CRC-32", async () => {
    const tampered = { name: "client.js", content: strToU8("export const x = 1;"), declaredCrc: 0x12345678 };
    await expectRefused(handBuiltZip([PAGE, tampered]), /client\.js does not match the CRC-32 the zip declares/);
  });

  it("refuses a file over the per-file limit before inflating it, naming it", async () => {
    const big = { name: "movie.bin", content: new Uint8Array(CODE_LIMITS.clientFileBytes + 1) };
    await expectRefused(
      handBuiltZip([PAGE, big]),
      /movie\.bin is \d+ bytes uncompressed; at most \d+ are allowed per file/,
    );
  });

  it("refuses a revision whose files add up to more than the total limit, each under the per-file one", async () => {
    const part = new Uint8Array(CODE_LIMITS.clientFileBytes);
    const count = Math.floor(CODE_LIMITS.clientUncompressedBytes / CODE_LIMITS.clientFileBytes) + 1;
    const parts = Array.from({ length: count }, (_, index) => ({ name: `part-${index}.bin`, content: part }));
    await expectRefused(handBuiltZip([PAGE, ...parts]), /add up to \d+ bytes uncompressed; at most \d+ are allowed/);
  });

  it("keeps answering other requests while a hostile zip is inflated to its caps", { timeout: 60_000 }, async () => {
    // Honest sizes right at the per-file limit, so every byte is inflated; the last entry's CRC-32
    // lies, so the upload is refused only at its very end.
    const content = new Uint8Array(CODE_LIMITS.clientFileBytes);
    const zip = handBuiltZip([PAGE, { name: "a.bin", content }, { name: "b.bin", content, declaredCrc: 1 }]);
    const { started } = await freshUpload();
    let hostileAnswered = false;
    const hostile = putFile(started.clientZip.url, zip).then((res) => {
      hostileAnswered = true;
      return res;
    });
    const health = await exports.default.fetch(`${AUTH}/health`);
    expect(health.status).toBe(200);
    expect(hostileAnswered).toBe(false);
    const refused = await hostile;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining("b.bin does not match the CRC-32") });
    expect(await keysOf(started.revisionId)).toEqual([]);
  });
});
