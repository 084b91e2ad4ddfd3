/**
 * Types of `@whatwg-node/fetch` (under graphql-yoga) for the Worker's tsconfig. The package's own
 * declaration file pulls in TypeScript's DOM library, whose Request and BufferSource clash with
 * the Workers runtime types of worker-configuration.d.ts. In workerd the package hands out the
 * runtime's own globals, so its types are those globals.
 */
export const fetch: typeof globalThis.fetch;
export const Request: typeof globalThis.Request;
export const Response: typeof globalThis.Response;
export const Headers: typeof globalThis.Headers;
export const FormData: typeof globalThis.FormData;
export const ReadableStream: typeof globalThis.ReadableStream;
export const WritableStream: typeof globalThis.WritableStream;
export const TransformStream: typeof globalThis.TransformStream;
export const CompressionStream: typeof globalThis.CompressionStream;
export const DecompressionStream: typeof globalThis.DecompressionStream;
export const TextDecoderStream: typeof globalThis.TextDecoderStream;
export const TextEncoderStream: typeof globalThis.TextEncoderStream;
export const Blob: typeof globalThis.Blob;
export const File: typeof globalThis.File;
export const crypto: typeof globalThis.crypto;
export const btoa: typeof globalThis.btoa;
export const TextDecoder: typeof globalThis.TextDecoder;
export const TextEncoder: typeof globalThis.TextEncoder;
export const URL: typeof globalThis.URL;
export const URLSearchParams: typeof globalThis.URLSearchParams;
export const URLPattern: typeof globalThis.URLPattern;
export interface FormDataLimits {
  fieldNameSize?: number;
  fieldSize?: number;
  fields?: number;
  fileSize?: number;
  files?: number;
  parts?: number;
  headerSize?: number;
}
export function createFetch(opts?: {
  useNodeFetch?: boolean;
  formDataLimits?: FormDataLimits;
  skipPonyfill?: boolean;
}): {
  fetch: typeof globalThis.fetch;
  Request: typeof globalThis.Request;
  Response: typeof globalThis.Response;
  Headers: typeof globalThis.Headers;
  FormData: typeof globalThis.FormData;
  ReadableStream: typeof globalThis.ReadableStream;
  WritableStream: typeof globalThis.WritableStream;
  TransformStream: typeof globalThis.TransformStream;
  CompressionStream: typeof globalThis.CompressionStream;
  DecompressionStream: typeof globalThis.DecompressionStream;
  TextDecoderStream: typeof globalThis.TextDecoderStream;
  TextEncoderStream: typeof globalThis.TextEncoderStream;
  Blob: typeof globalThis.Blob;
  File: typeof globalThis.File;
  crypto: typeof globalThis.crypto;
  btoa: typeof globalThis.btoa;
  TextEncoder: typeof globalThis.TextEncoder;
  TextDecoder: typeof globalThis.TextDecoder;
  URLPattern: typeof globalThis.URLPattern;
  URL: typeof globalThis.URL;
  URLSearchParams: typeof globalThis.URLSearchParams;
};
