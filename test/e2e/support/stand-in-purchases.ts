/** Coin purchases at the payment stand-in of a platform under `wrangler dev`, as the store makes them. */
const json = { "content-type": "application/json" };

export interface Buyer {
  userId: number;
  idToken: string;
}

/** Signs the seeded user@example.com in at the dev IdP; the backend knows it after its first `me`. */
export async function signedInBuyer(platformUrl: string): Promise<Buyer> {
  const signIn = await fetch(`${platformUrl}/idp/v1/accounts:signInWithPassword?key=dev-api-key`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "user@example.com", password: "dev-password", returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const { id } = await me(platformUrl, idToken);
  return { userId: id, idToken };
}

/** The buyer's backend user and coin balance (GraphQL `me`). */
export async function me(platformUrl: string, idToken: string): Promise<{ id: number; balance: number }> {
  const response = await fetch(`${platformUrl}/backend/graphql`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ query: "{ me { id balance } }" }),
  });
  return ((await response.json()) as { data: { me: { id: number; balance: number } } }).data.me;
}

/** An open checkout session for 100 coins (web_coins_100) for the buyer; its id. */
export async function openCheckout(platformUrl: string, secretKey: string, buyer: Buyer): Promise<string> {
  const userId = String(buyer.userId);
  const body = new URLSearchParams({
    mode: "payment",
    "line_items[0][price]": "price_dev_coins_100",
    "line_items[0][quantity]": "1",
    "metadata[user_id]": userId,
    "metadata[product_id]": "web_coins_100",
    "payment_intent_data[metadata][user_id]": userId,
    "payment_intent_data[metadata][product_id]": "web_coins_100",
    success_url: `${platformUrl}/store/`,
    cancel_url: `${platformUrl}/store/`,
  });
  const response = await fetch(`${platformUrl}/payments/v1/checkout/sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${secretKey}` },
    body,
  });
  if (!response.ok) throw new Error(`checkout session not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The buyer pays (the hosted page's Pay): the stand-in's events follow per its delivery settings. */
export function pay(platformUrl: string, sessionId: string): Promise<Response> {
  return fetch(`${platformUrl}/payments/dev/checkout/${sessionId}/pay`, { method: "POST" });
}

/** A session's status at the stand-in (open until paid). */
export async function sessionStatus(platformUrl: string, secretKey: string, sessionId: string): Promise<string> {
  const response = await fetch(`${platformUrl}/payments/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${secretKey}` },
  });
  return ((await response.json()) as { status: string }).status;
}

export async function deliverySettings(platformUrl: string, settings: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${platformUrl}/payments/dev/settings`, {
    method: "POST",
    headers: json,
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`settings refused: ${response.status}`);
}

/** The stand-in's webhook queue and its delivery attempts (newest last, with their time). */
export async function standInEvents(platformUrl: string) {
  const response = await fetch(`${platformUrl}/payments/dev/events`);
  return (await response.json()) as {
    queued: { eventId: string; attempts: number }[];
    deliveries: { eventId: string; type: string; status: number | null; at: number }[];
  };
}
