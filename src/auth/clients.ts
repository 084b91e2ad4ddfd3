/** Legal documents a user consents to (document 1, consent ledger). */
export const DOCUMENT_KEYS = ["app_terms", "studio_terms", "portal_terms", "privacy"] as const;
export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

/** A registered client: what the login page shows and which documents a sign-up needs. */
export interface Client {
  readonly id: string;
  readonly name: string;
  /** iconUrl of document 1, relative to the auth app's /assets/ (files in public/auth/). */
  readonly iconUrl: string;
  readonly emailPasswordLogin: boolean;
  readonly requiredDocumentKeys: readonly DocumentKey[];
  /** Mobile and desktop apps: PKCE, and an SSO session only when they ask with prompt=select_account. */
  readonly kind: "web" | "mobile";
}

// Every service has its own terms; the privacy policy is one, shared by all of them.
const APP: readonly DocumentKey[] = ["app_terms", "privacy"];
const STUDIO: readonly DocumentKey[] = ["studio_terms", "privacy"];
const PORTAL: readonly DocumentKey[] = ["portal_terms", "privacy"];

const REGISTERED: readonly Client[] = [
  client("studio", "Studio", STUDIO),
  client("admin", "Admin console", APP),
  { ...client("mobile", "Story Games", APP), kind: "mobile" },
  client("store", "Coin store", APP),
  { ...client("venue-admin", "Venue operations", APP), emailPasswordLogin: true },
  client("portal", "Booking portal", PORTAL),
  { ...client("portal-shop", "Booking portal for shops", PORTAL), emailPasswordLogin: true },
  client("portal-admin", "Booking portal admin", PORTAL),
  // Not one of document 1's kinds: the rooms' lobby of published games (docs/publishing.md), where
  // players sign in to take a seat. Players are app users, so it asks for the app's terms.
  client("play", "Game lobby", APP),
];

const BY_ID = new Map(REGISTERED.map((c) => [c.id, c]));

/** Shown for a missing or unregistered client_id; it never widens the redirect allow-list. */
export const DEFAULT_CLIENT: Client = client("", "Story Games", APP);

export function clientFor(clientId: string | undefined | null): Client {
  return (clientId && BY_ID.get(clientId)) || DEFAULT_CLIENT;
}

export function registeredClients(): readonly Client[] {
  return REGISTERED;
}

/** getRequiredDocumentKeys of document 1. */
export function requiredDocumentKeys(clientId: string | undefined | null): readonly DocumentKey[] {
  return clientFor(clientId).requiredDocumentKeys;
}

/** The required keys missing from what the user consented to. */
export function missingDocumentKeys(clientId: string | undefined | null, consented: readonly string[]): DocumentKey[] {
  return requiredDocumentKeys(clientId).filter((key) => !consented.includes(key));
}

function client(id: string, name: string, requiredDocumentKeys: readonly DocumentKey[]): Client {
  return {
    id,
    name,
    iconUrl: `icons/${id || "default"}.svg`,
    emailPasswordLogin: false,
    requiredDocumentKeys,
    kind: "web",
  };
}
