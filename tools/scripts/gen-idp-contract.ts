/**
 * `npm run gen:idp-contract`: fetches the recorded firebase-tools version from the npm registry
 * (`npm pack`, into a temporary folder that is removed after), takes Google's Identity Toolkit v1
 * document out of it and writes the contract and its types (tools/build/idp-contract.ts). Not part
 * of `npm test`: the committed files are what the tests check against.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CONTRACT_FILE,
  CONTRACT_SOURCE,
  contractFromDocument,
  contractModule,
  contractTypes,
  TYPES_FILE,
} from "../build/idp-contract.ts";
import { projectRoot } from "../local-platform/wrangler-env.ts";

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
  return result.stdout.trim();
}

const folder = mkdtempSync(path.join(tmpdir(), "idp-contract-"));
try {
  const spec = `${CONTRACT_SOURCE.package}@${CONTRACT_SOURCE.version}`;
  const tarball = run("npm", ["pack", spec, "--silent"], folder).split("\n").pop() as string;
  run("tar", ["-xzf", tarball, CONTRACT_SOURCE.file], folder);
  const documentFile = path.join(folder, CONTRACT_SOURCE.file);
  const documentSha256 = createHash("sha256").update(readFileSync(documentFile)).digest("hex");
  // The document is a CommonJS module of plain data (exports.default = {...}).
  const document = createRequire(import.meta.url)(documentFile).default;
  const contract = contractFromDocument(document, documentSha256);
  writeFileSync(CONTRACT_FILE, contractModule(contract));
  writeFileSync(TYPES_FILE, contractTypes(contract));
  run(path.join(projectRoot, "node_modules/.bin/biome"), ["format", "--write", CONTRACT_FILE, TYPES_FILE], projectRoot);
  console.log(
    `identity provider contract from ${spec} (document sha256 ${documentSha256}): ` +
      `${Object.keys(contract.calls).length} calls, ${Object.keys(contract.definitions).length} schemas written to ` +
      `${path.relative(projectRoot, CONTRACT_FILE)} and ${path.relative(projectRoot, TYPES_FILE)}`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
