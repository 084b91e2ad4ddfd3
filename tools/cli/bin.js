#!/usr/bin/env node
// `npx scenario`: runs tools/cli/run.ts on the project's Node 22 (node_modules/.bin/node), which
// runs TypeScript directly; the machine's own node may be older.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectNode = path.resolve(here, "../../node_modules/.bin/node");
const child = spawn(projectNode, [path.join(here, "run.ts"), ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
