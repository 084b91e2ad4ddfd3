/**
 * A base URL is an origin plus an optional path prefix ("https://auth.example.com",
 * "http://localhost:8787/auth"). Every app of the platform lives under one.
 */
export interface BaseUrl {
  /** scheme://host[:port], as URL.origin gives it */
  readonly origin: string;
  /** "" or a prefix that starts with "/" and has no trailing slash, e.g. "/auth" */
  readonly path: string;
}

export class BaseUrlError extends Error {}

export function parseBaseUrl(value: string): BaseUrl {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BaseUrlError("is not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new BaseUrlError("must use http or https");
  }
  if (url.username || url.password) throw new BaseUrlError("must not contain credentials");
  if (url.search || url.hash) throw new BaseUrlError("must not have a query or fragment");
  const path = url.pathname.replace(/\/+$/, "");
  return { origin: url.origin, path };
}

export function formatBaseUrl(base: BaseUrl): string {
  return base.origin + base.path;
}

/** Joins a base URL and an app-relative path ("/health") into an absolute URL string. */
export function urlFor(base: BaseUrl, appPath: string): string {
  return base.origin + base.path + (appPath.startsWith("/") ? appPath : `/${appPath}`);
}
