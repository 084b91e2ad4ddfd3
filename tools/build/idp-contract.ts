/**
 * The identity provider's contract, taken from Google's Identity Toolkit v1 OpenAPI document as
 * Firebase's Auth emulator carries it (`lib/emulator/auth/apiSpec.js` in the firebase-tools
 * package): the calls the platform makes or the dev IdP answers, and the schemas they name with
 * everything those reference. `npm run gen:idp-contract` (tools/scripts/gen-idp-contract.ts)
 * fetches the document and writes the two files below; test/unit/idp-contract.test.ts fails when
 * they are stale against what is recorded here. An upgrade: docs/decisions/0117-the-identity-providers-contract.md, "The identity
 * provider's contract".
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { projectRoot } from "../local-platform/wrangler-env.ts";

/** The package and version the contract is taken from; bump it to upgrade the contract. */
export const CONTRACT_SOURCE = {
  package: "firebase-tools",
  version: "15.34.2",
  file: "package/lib/emulator/auth/apiSpec.js",
} as const;

/** The generated files: the JSON Schemas (tests validate with them) and their TypeScript types. */
export const CONTRACT_FILE = path.join(projectRoot, "src/idp/identity-toolkit-contract.ts");
export const TYPES_FILE = path.join(projectRoot, "src/idp/identity-toolkit-types.ts");

/**
 * The calls the contract covers, by the name the platform uses: every call the adapter
 * (src/idp/), the login page and the store page make, and every one the dev IdP answers. The two
 * `admin*` calls are the project-scoped paths the provider's admin SDK uses with a Google OAuth 2.0
 * credential (the adapter's revocation checks: an account by uid, its tokens-valid-after time).
 */
export const CONTRACT_CALLS = {
  signInWithCustomToken: { path: "/v1/accounts:signInWithCustomToken", httpMethod: "post" },
  signInWithPassword: { path: "/v1/accounts:signInWithPassword", httpMethod: "post" },
  signUp: { path: "/v1/accounts:signUp", httpMethod: "post" },
  sendVerificationCode: { path: "/v1/accounts:sendVerificationCode", httpMethod: "post" },
  signInWithPhoneNumber: { path: "/v1/accounts:signInWithPhoneNumber", httpMethod: "post" },
  createAuthUri: { path: "/v1/accounts:createAuthUri", httpMethod: "post" },
  signInWithIdp: { path: "/v1/accounts:signInWithIdp", httpMethod: "post" },
  lookup: { path: "/v1/accounts:lookup", httpMethod: "post" },
  update: { path: "/v1/accounts:update", httpMethod: "post" },
  delete: { path: "/v1/accounts:delete", httpMethod: "post" },
  recaptchaParams: { path: "/v1/recaptchaParams", httpMethod: "get" },
  adminLookup: { path: "/v1/projects/{targetProjectId}/accounts:lookup", httpMethod: "post" },
  adminUpdate: { path: "/v1/projects/{targetProjectId}/accounts:update", httpMethod: "post" },
  // securetoken.googleapis.com: the document carries it beside Identity Toolkit (its own server).
  token: { path: "/v1/token", httpMethod: "post" },
} as const;
export type ContractCallName = keyof typeof CONTRACT_CALLS;

type JsonSchema = { [key: string]: unknown };

/**
 * Fields Google's Firebase Auth REST reference documents for a call that the v1 document leaves
 * out, added to the contract with their source (`x-documented-in`). Only these: everything else
 * comes from the document.
 */
export const REST_REFERENCE_FIELDS: Record<string, Record<string, JsonSchema>> = {
  GoogleCloudIdentitytoolkitV1SignUpRequest: {
    returnSecureToken: {
      description: "Should always be true.",
      type: "boolean",
      "x-documented-in": "https://firebase.google.com/docs/reference/rest/auth#section-create-email-password",
    },
  },
};

/** One call of the contract: where it is, its server, and the definitions of its bodies. */
export interface ContractCall {
  path: string;
  httpMethod: "get" | "post";
  server: string;
  /** The request body's media types as the document lists them (none for a GET). */
  requestMediaTypes: string[];
  request: string | null;
  response: string;
}

export interface IdentityToolkitContract {
  source: {
    package: string;
    version: string;
    file: string;
    /** sha256 of the extracted document file, as published in that package version. */
    documentSha256: string;
    /** sha256 of `calls` and `definitions` below, as the generator wrote them. */
    contentSha256: string;
  };
  calls: Record<ContractCallName, ContractCall>;
  definitions: Record<string, JsonSchema>;
}

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, { servers?: { url: string }[] } & Record<string, OpenApiOperation | unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    requestBodies?: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
  };
}

interface OpenApiOperation {
  requestBody?: { $ref?: string; content?: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
}

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

function refName(ref: string): string {
  const name = ref.replace(SCHEMA_REF, "$1").replace(/^#\/components\/requestBodies\//, "");
  if (name === ref) throw new Error(`unexpected $ref ${ref}`);
  return name;
}

/**
 * A schema of the document as JSON Schema (draft-07) with what the document says only in words:
 * `$ref`s point into `definitions`; a field whose description begins "Required." is `required`
 * (Google's documents mark REQUIRED fields so); an object with properties has
 * `additionalProperties: false` (Google's JSON parser refuses an unknown field: "Invalid JSON
 * payload received. Unknown name ..."; an answer with a field the contract lacks is one we made up).
 */
function toJsonSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref" && typeof value === "string") out.$ref = `#/definitions/${refName(value)}`;
    else if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [name, toJsonSchema(property)]),
      );
    } else if (key === "items" || key === "additionalProperties") {
      out[key] = value && typeof value === "object" ? toJsonSchema(value as JsonSchema) : value;
    } else out[key] = value;
  }
  if (out.properties) {
    const properties = out.properties as Record<string, JsonSchema>;
    const required = Object.keys(properties).filter((name) =>
      /^Required\b/.test(String(properties[name]?.description ?? "")),
    );
    if (required.length > 0) out.required = required;
    if (out.additionalProperties === undefined) out.additionalProperties = false;
  }
  return out;
}

function referencedNames(schema: unknown, into: Set<string>): void {
  if (Array.isArray(schema)) {
    for (const item of schema) referencedNames(item, into);
  } else if (schema && typeof schema === "object") {
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" && typeof value === "string") into.add(refName(value));
      else referencedNames(value, into);
    }
  }
}

function bodySchemaName(
  document: OpenApiDocument,
  operation: OpenApiOperation,
): {
  name: string | null;
  mediaTypes: string[];
} {
  let body = operation.requestBody;
  if (!body) return { name: null, mediaTypes: [] };
  if (body.$ref) body = document.components.requestBodies?.[refName(body.$ref)];
  const content = body?.content ?? {};
  const mediaTypes = Object.keys(content).sort();
  const refs = new Set(mediaTypes.map((type) => content[type]?.schema.$ref));
  const [ref] = [...refs];
  if (refs.size !== 1 || typeof ref !== "string") throw new Error("a request body with other than one schema");
  return { name: refName(ref), mediaTypes };
}

function withRestReferenceFields(name: string, schemas: Record<string, JsonSchema>): JsonSchema {
  const schema = schemas[name] as JsonSchema;
  const added = REST_REFERENCE_FIELDS[name];
  if (!added) return schema;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const field of Object.keys(added)) {
    if (field in properties)
      throw new Error(`${name}.${field} is in the document now: drop it from REST_REFERENCE_FIELDS`);
  }
  return { ...schema, properties: { ...properties, ...added } };
}

/** sha256 of a value's JSON with keys in order, so the same content always hashes the same. */
export function canonicalSha256(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((key) => [key, canonical((v as Record<string, unknown>)[key])]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(value)))
    .digest("hex");
}

/** The contract: the calls of CONTRACT_CALLS and the schemas they reach, from the document. */
export function contractFromDocument(document: OpenApiDocument, documentSha256: string): IdentityToolkitContract {
  const calls = {} as Record<ContractCallName, ContractCall>;
  const names = new Set<string>();
  for (const [call, { path: callPath, httpMethod }] of Object.entries(CONTRACT_CALLS) as [
    ContractCallName,
    (typeof CONTRACT_CALLS)[ContractCallName],
  ][]) {
    const pathItem = document.paths[callPath];
    const operation = pathItem?.[httpMethod] as OpenApiOperation | undefined;
    if (!pathItem || !operation) throw new Error(`the document has no ${httpMethod.toUpperCase()} ${callPath}`);
    const request = bodySchemaName(document, operation);
    const responseRef = Object.values(operation.responses["200"]?.content ?? {})[0]?.schema.$ref;
    if (!responseRef) throw new Error(`${callPath} has no 200 answer schema`);
    const server = (pathItem.servers ?? document.servers)?.[0]?.url;
    if (!server) throw new Error(`${callPath} has no server`);
    calls[call] = {
      path: callPath,
      httpMethod,
      server,
      requestMediaTypes: request.mediaTypes,
      request: request.name,
      response: refName(responseRef),
    };
    if (request.name) names.add(request.name);
    names.add(refName(responseRef));
  }
  // Everything the named schemas reference, transitively.
  const pending = [...names];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    const schema = document.components.schemas[name];
    if (!schema) throw new Error(`the document has no schema ${name}`);
    const found = new Set<string>();
    referencedNames(schema, found);
    for (const next of found) {
      if (!names.has(next)) {
        names.add(next);
        pending.push(next);
      }
    }
  }
  const definitions = Object.fromEntries(
    [...names].sort().map((name) => [name, toJsonSchema(withRestReferenceFields(name, document.components.schemas))]),
  );
  return {
    source: { ...CONTRACT_SOURCE, documentSha256, contentSha256: canonicalSha256({ calls, definitions }) },
    calls,
    definitions,
  };
}

const HEADER = (command: string) =>
  `// Generated by \`${command}\` (tools/build/idp-contract.ts) from Google's Identity Toolkit v1\n` +
  `// document as ${CONTRACT_SOURCE.package} carries it: do not edit. docs/decisions/0117-the-identity-providers-contract.md, "The identity provider's contract".\n`;

/** src/idp/identity-toolkit-contract.ts: the contract as data (JSON Schema draft-07 definitions). */
export function contractModule(contract: IdentityToolkitContract): string {
  return `${HEADER("npm run gen:idp-contract")}
export const IDENTITY_TOOLKIT_CONTRACT = ${JSON.stringify(contract, null, 2)} as const;
`;
}

function jsDoc(schema: JsonSchema, indent: string): string {
  const lines: string[] = [];
  if (typeof schema.description === "string") lines.push(...schema.description.replaceAll("*/", "*\\/").split("\n"));
  if (typeof schema["x-documented-in"] === "string")
    lines.push(`Not in the v1 document; documented in ${schema["x-documented-in"]}`);
  if (schema.deprecated === true) lines.push("@deprecated");
  if (lines.length === 0) return "";
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

function typeOf(schema: JsonSchema): string {
  if (typeof schema.$ref === "string") return schema.$ref.replace("#/definitions/", "");
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  switch (schema.type) {
    case "string":
      return "string";
    case "boolean":
      return "boolean";
    case "integer":
    case "number":
      return "number";
    case "array":
      return `${wrapUnion(typeOf((schema.items ?? {}) as JsonSchema))}[]`;
    case "object":
      // No fields at all: the provider sends an empty object.
      if (schema.properties && Object.keys(schema.properties).length === 0) return "Record<string, never>";
      if (schema.properties) return objectType(schema, "");
      if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
        return `Record<string, ${typeOf(schema.additionalProperties as JsonSchema)}>`;
      }
      return "Record<string, unknown>";
    default:
      return "unknown";
  }
}

function wrapUnion(type: string): string {
  return type.includes(" | ") ? `(${type})` : type;
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const fields = Object.entries(properties).map(
    ([name, property]) =>
      `${jsDoc(property, `${indent}  `)}${indent}  ${name}${required.has(name) ? "" : "?"}: ${typeOf(property)};`,
  );
  return `{\n${fields.join("\n")}\n${indent}}`;
}

/**
 * src/idp/identity-toolkit-types.ts: one type per definition (an answer's fields are all optional,
 * as the provider leaves out what is empty) and `IdentityToolkitCalls`, each call's request and
 * response, which the adapter and the pages type their calls with.
 */
export function contractTypes(contract: IdentityToolkitContract): string {
  const definitions = Object.entries(contract.definitions).map(([name, schema]) => {
    const doc = jsDoc(schema, "");
    if (schema.type === "object" && schema.properties && Object.keys(schema.properties).length > 0) {
      return `${doc}export interface ${name} ${objectType(schema, "")}`;
    }
    return `${doc}export type ${name} = ${typeOf(schema)};`;
  });
  const calls = Object.entries(contract.calls).map(
    ([name, call]) =>
      `  /** ${call.httpMethod.toUpperCase()} ${call.server}${call.path} */\n  ${name}: { request: ${call.request ?? "never"}; response: ${call.response} };`,
  );
  return `${HEADER("npm run gen:idp-contract")}
/** ${contract.source.package} ${contract.source.version}, ${contract.source.file} (sha256 ${contract.source.documentSha256}). */
export const IDENTITY_TOOLKIT_VERSION = ${JSON.stringify(`${contract.source.package}@${contract.source.version}`)};

${definitions.join("\n\n")}

/** The calls of the contract: each one's request body and 200 answer. */
export interface IdentityToolkitCalls {
${calls.join("\n")}
}
`;
}
