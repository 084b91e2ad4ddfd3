import type { Messages } from "./messages";

export const en: Messages = {
  languageName: "English",
  title: "Coin store",
  language: "Language",
  signIn: "Sign in",
  signOut: "Sign out",
  account: "Account",
  devices: "Signed-in devices",
  loading: "Loading…",
  balance: "Balance",
  coins: { one: "{n} coin", other: "{n} coins" },
  bonusCoins: { one: "+{n} bonus coin", other: "+{n} bonus coins" },
  premium: "Premium: up to +{rate}%",
  buy: "Buy",
  taxIncluded: "Prices include tax.",
  noProducts: "No coins are on sale right now.",
  cancelled: "Checkout was cancelled. Nothing was charged.",
  redirecting: "Opening the checkout…",
  error: "Something went wrong. Please try again.",
  unavailable: {
    payments: "The payment service is not available right now. Please try again later.",
    idp: "Your sign-in cannot be checked right now: the sign-in provider is not available. Please try again later.",
    backend: "The coin service is not available right now. Please try again later.",
  },
  checkoutUnavailable: {
    payments:
      "The payment service is not available right now, so the checkout did not open. Nothing was charged. Please try again later.",
    idp: "Your sign-in cannot be checked right now, so the checkout did not open. Nothing was charged. Please try again later.",
    backend:
      "The coin service is not available right now, so the checkout did not open. Nothing was charged. Please try again later.",
  },
  consentUnchecked:
    "The store could not check whether you have accepted the latest terms, so it cannot open yet. Please try again.",
  dismiss: "Dismiss",
  retry: "Try again",
  resultTitle: "Thank you for your purchase",
  resultPending: "Reflecting the balance takes a few seconds.",
  resultCredited: "Your coins have arrived.",
  resultWaiting: "Your coins are still on their way. Reflecting the balance can take a little longer; check back soon.",
  resultRefunded: "This purchase was refunded, and its coins were taken back.",
  resultNotPaid: "The payment was not completed. Nothing was charged.",
  signedOut: "You are signed out.",
  backToStore: "Back to the store",
};
