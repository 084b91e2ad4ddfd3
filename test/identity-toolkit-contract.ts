/**
 * Checks a request or an answer against the identity provider's contract
 * (src/idp/identity-toolkit-contract.ts, generated from Google's Identity Toolkit v1 document) with
 * Ajv, for the unit and the workers tests. An empty list means the body is one the contract takes.
 */
import Ajv, { type ErrorObject } from "ajv";
import { IDENTITY_TOOLKIT_CONTRACT } from "../src/idp/identity-toolkit-contract";

export type ContractCall = keyof typeof IDENTITY_TOOLKIT_CONTRACT.calls;
export const CONTRACT_CALLS = Object.keys(IDENTITY_TOOLKIT_CONTRACT.calls) as ContractCall[];

const ajv = new Ajv({ allErrors: true, strict: true });
// An annotation that changes nothing that is valid: the source of a field the REST reference
// documents and the document lacks (tools/build/idp-contract.ts). Ajv knows `deprecated`.
ajv.addVocabulary(["x-documented-in"]);
// The formats of Google's documents (the JSON mapping of protocol buffers): 64-bit integers travel
// as decimal strings, bytes as base64, timestamps as RFC 3339.
ajv.addFormat("int64", /^-?\d+$/);
ajv.addFormat("byte", /^[A-Za-z0-9+/_-]*=*$/);
ajv.addFormat("google-datetime", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
ajv.addFormat("int32", { type: "number", validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addFormat("double", { type: "number", validate: (n) => Number.isFinite(n) });
ajv.addSchema({ $id: "identity-toolkit", definitions: IDENTITY_TOOLKIT_CONTRACT.definitions as object });

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || "(body)";
    const extra =
      "additionalProperty" in error.params
        ? ` (${String(error.params.additionalProperty)})`
        : "missingProperty" in error.params
          ? ` (${String(error.params.missingProperty)})`
          : "";
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
}

function check(definition: string, body: unknown): string[] {
  const validate = ajv.getSchema(`identity-toolkit#/definitions/${definition}`);
  if (!validate) throw new Error(`the contract has no definition ${definition}`);
  return validate(body) ? [] : describe(validate.errors);
}

/** What is wrong with a request body of `call` (a form body as its field names, see `formBody`). */
export function requestProblems(call: ContractCall, body: unknown): string[] {
  const definition = IDENTITY_TOOLKIT_CONTRACT.calls[call].request;
  if (definition === null) throw new Error(`${call} takes no body`);
  return check(definition, body);
}

/** What is wrong with a 200 answer of `call`. */
export function responseProblems(call: ContractCall, body: unknown): string[] {
  return check(IDENTITY_TOOLKIT_CONTRACT.calls[call].response, body);
}

/**
 * A form body as the provider reads it: Google's JSON mapping of protocol buffers takes a field by
 * its proto name (`grant_type`) as by its JSON name (`grantType`), and the document lists the JSON
 * names. Every value of a form is a string.
 */
export function formBody(form: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].map(([name, value]) => [
      name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

/** The properties and their JSON types a request of `call` may carry, by the contract. */
export function requestProperties(call: ContractCall): Record<string, { type?: string }> {
  const definition = IDENTITY_TOOLKIT_CONTRACT.calls[call].request;
  if (definition === null) return {};
  const schema = (IDENTITY_TOOLKIT_CONTRACT.definitions as Record<string, { properties?: object }>)[definition];
  return (schema?.properties ?? {}) as Record<string, { type?: string }>;
}
