/**
 * Dev only (`scenario dev`, `npm run dev`): the room loads this module before a revision's logic.js
 * (isolate-runner.ts), so it notes the isolate's globals as they were before the logic ran, and the
 * engine template asks it after each call which of them have changed since. Rooms of one revision
 * share one isolate, so a global one room writes is every room's (docs/authoring.md "One isolate
 * per revision"). It sees globals only: a module-level `let` of logic.js is invisible to it.
 * Production loads no such module, and the template then finds nothing to ask.
 */
import { GLOBAL_WRITES_KEY } from "../../../src/engine/logic-channel";

/** Where scenario code is likeliest to write: the global object, and the built-ins it would patch. */
const WATCHED: [string, object][] = [
  ["globalThis", globalThis],
  ["JSON", JSON],
  ["Math", Math],
  ["Reflect", Reflect],
  ["Object", Object],
  ["Array", Array],
  ["String", String],
  ["Number", Number],
  ["Date", Date],
  ["Promise", Promise],
  ["Object.prototype", Object.prototype],
  ["Array.prototype", Array.prototype],
  ["Function.prototype", Function.prototype],
  ["String.prototype", String.prototype],
  ["Promise.prototype", Promise.prototype],
];

/** Every watched property by name ("JSON.stringify"), with its value (or accessor) as it is now. */
function snapshot(): Map<string, unknown> {
  const seen = new Map<string, unknown>();
  for (const [prefix, target] of WATCHED) {
    for (const key of Object.getOwnPropertyNames(target)) {
      const property = Object.getOwnPropertyDescriptor(target, key);
      const name = prefix === "globalThis" ? key : `${prefix}.${key}`;
      seen.set(name, property && "value" in property ? property.value : [property?.get, property?.set]);
    }
  }
  return seen;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a[0] === b[0] && a[1] === b[1];
  return Object.is(a, b);
}

const before = snapshot();
const told = new Set<string>();

/** Names of the globals added, changed or deleted since the logic loaded, each told once. */
function globalWrites(): string[] {
  const now = snapshot();
  const changed: string[] = [];
  for (const [name, value] of now) if (!before.has(name) || !sameValue(before.get(name), value)) changed.push(name);
  for (const name of before.keys()) if (!now.has(name)) changed.push(name);
  const fresh = changed.filter((name) => !told.has(name));
  for (const name of fresh) told.add(name);
  return fresh;
}

Object.defineProperty(globalThis, Symbol.for(GLOBAL_WRITES_KEY), { value: globalWrites });
