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

/**
 * One watched object as the last check left it: its property names in order, its data properties'
 * values and its accessors. Comparing against it needs no property descriptor for a data property
 * (a plain read), which is what the full snapshot spends its time on: the guard runs after every
 * call, and most calls change nothing.
 */
interface Look {
  target: object;
  names: string[];
  /** Name and value, flat. */
  data: unknown[];
  /** Name, getter and setter, flat. */
  accessors: unknown[];
}

function lookAt(target: object): Look {
  const names = Object.getOwnPropertyNames(target);
  const data: unknown[] = [];
  const accessors: unknown[] = [];
  for (const name of names) {
    const property = Object.getOwnPropertyDescriptor(target, name);
    if (property && "value" in property) data.push(name, property.value);
    else accessors.push(name, property?.get, property?.set);
  }
  return { target, names, data, accessors };
}

/** Whether a watched object is as its last look saw it. */
function unchangedSince({ target, names, data, accessors }: Look): boolean {
  const now = Object.getOwnPropertyNames(target);
  if (now.length !== names.length) return false;
  for (let i = 0; i < now.length; i++) if (now[i] !== names[i]) return false;
  const values = target as Record<string, unknown>;
  // The same names as at the last look: a property that was data then and is an accessor now was
  // redefined, and its getter (scenario code) may run here; should it throw, the full check runs.
  for (let i = 0; i < data.length; i += 2) if (!Object.is(values[data[i] as string], data[i + 1])) return false;
  for (let i = 0; i < accessors.length; i += 3) {
    const property = Object.getOwnPropertyDescriptor(target, accessors[i] as string);
    if (!property || property.get !== accessors[i + 1] || property.set !== accessors[i + 2]) return false;
  }
  return true;
}

function nothingChanged(looks: Look[]): boolean {
  try {
    return looks.every(unchangedSince);
  } catch {
    return false;
  }
}

const before = snapshot();
const told = new Set<string>();
let lastLooks = WATCHED.map(([, target]) => lookAt(target));

/**
 * Names of the globals added, changed or deleted since the logic loaded, each told once. When no
 * watched object changed since the last check, every name the full comparison would find was told
 * then: nothing is new.
 */
function globalWrites(): string[] {
  if (nothingChanged(lastLooks)) return [];
  const now = snapshot();
  lastLooks = WATCHED.map(([, target]) => lookAt(target));
  const changed: string[] = [];
  for (const [name, value] of now) if (!before.has(name) || !sameValue(before.get(name), value)) changed.push(name);
  for (const name of before.keys()) if (!now.has(name)) changed.push(name);
  const fresh = changed.filter((name) => !told.has(name));
  for (const name of fresh) told.add(name);
  return fresh;
}

Object.defineProperty(globalThis, Symbol.for(GLOBAL_WRITES_KEY), { value: globalWrites });
