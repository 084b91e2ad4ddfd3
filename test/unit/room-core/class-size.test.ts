/**
 * The room's parts stay small (issue 35, STYLE.md): no class of the room core or of its Durable
 * Object host has more than 20 members (fields, accessors and methods; the constructor is not
 * counted), and no file of them passes 400 lines. A class that grows past it is a sign to split
 * it along a seam, as the core is split (docs/rooms.md "The room core's parts").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const FOLDERS = ["src/room-core", "durable-objects/room"];
const MAX_MEMBERS = 20;
const MAX_LINES = 400;

const files = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.posix.join(folder, name)),
);

interface ClassSize {
  name: string;
  members: number;
}

function classesOf(file: string): ClassSize[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
  const found: ClassSize[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const members = node.members.filter((member) => !ts.isConstructorDeclaration(member)).length;
      found.push({ name: `${file}: ${node.name?.text ?? "(anonymous)"}`, members });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the room's parts stay small", () => {
  it("reads the classes of the room core and its host", () => {
    const names = files.flatMap(classesOf).map((c) => c.name);
    expect(names).toContain("src/room-core/room-core.ts: RoomCore");
    expect(names).toContain("durable-objects/room/room-host.ts: RoomHost");
  });

  it(`has no class of more than ${MAX_MEMBERS} members`, () => {
    const over = files.flatMap(classesOf).filter((c) => c.members > MAX_MEMBERS);
    expect(over.map((c) => `${c.name} has ${c.members}`)).toEqual([]);
  });

  it(`has no file of more than ${MAX_LINES} lines`, () => {
    const over = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(over.map(({ file, lines }) => `${file} has ${lines} lines`)).toEqual([]);
  });
});
