// The login page's script (workers/auth/views/login-page.tsx): signs in with the identity
// provider's REST API from the browser, then posts the ID token to /api/callback and follows
// its answer. The page works the same in every environment.
import type { EvtName } from "../../auth-log/auth-log";
import { byId } from "../kit/page";
import { CallbackError, ProviderError } from "./errors";
import { SESSION_KEY, SOCIAL_NAMES } from "./funnel";
import { linkIdentified, linkingIdToken, startLinking } from "./link";
import { type Attempt, config, consentBoxes, consented, funnel, loginState, postJson, show } from "./login-page";
import { type ProviderAnswer, providerCall, providerMessage } from "./provider";
import { passwordSignIn, phoneCodeRequest, phoneSignIn, socialSignIn } from "./provider-requests";
import { recaptchaToken, recaptchaUsed } from "./recaptcha";
import { askReconsent, type ReconsentDocument } from "./reconsent";
import "./session-reconsent";
import { socialReturn, startSocialSignIn } from "./social";

/** An ID token that still waits for consent (a new account whose boxes were not ticked). */
let pending: Attempt | null = null;
const consentConfirm = byId("consent-confirm", HTMLButtonElement);

/** A sign-up waits for its boxes (the consent step's button shows), or none does. */
function waitForConsent(attempt: Attempt | null): void {
  pending = attempt;
  consentConfirm.hidden = attempt === null;
}

/** Posts the ID token; `method` names the sign-in method in the funnel events. */
async function complete(attempt: Attempt): Promise<void> {
  const surface = attempt.signUp ? "signUp" : "signIn";
  try {
    const done = await post(attempt);
    if (done) funnel.track(attempt.method, "sign_in", surface, "success", { uid: attempt.uid });
  } catch (error) {
    funnel.track(attempt.method, "sign_in", surface, "failure", { error, uid: attempt.uid });
    throw error;
  } finally {
    funnel.flush();
  }
}

/** true when the browser is on its way to redirect_to; false when the page waits for the user. */
async function post(attempt: Attempt): Promise<boolean> {
  const { idToken } = attempt;
  if (typeof idToken !== "string" || idToken === "") throw new ProviderError("MISSING_ID_TOKEN");
  if (await linkIdentified(attempt)) return false;
  show(config.working);
  const response = await fetch(config.callbackUrl, {
    method: "POST",
    credentials: "same-origin",
    // The page's language: a re-consent answer summarizes the documents in it.
    headers: { "content-type": "application/json", "accept-language": config.language },
    body: JSON.stringify({
      state: await loginState(),
      id_token: idToken,
      sign_up: attempt.signUp,
      consented_document_keys: consented(),
    }),
  });
  const data = (await response.json().catch(() => ({}))) as {
    redirect_to?: string;
    error?: string;
    message?: string;
    documents?: unknown;
  };
  if (response.ok && data.redirect_to) {
    waitForConsent(null);
    sessionStorage.removeItem(SESSION_KEY);
    funnel.flush();
    // The app replaces the login page in the tab's history: Back from the app would land here and,
    // with the session now live, be sent straight back to the app (a game's lobby would seat the
    // player again), so the user could never leave.
    window.location.replace(data.redirect_to);
    return true;
  }
  if (data.error === "consent_required") {
    // Also the answer to a plain sign-in of an account whose sign-up was never finished
    // (refused earlier, then "Sign in"): the server decides, and the page asks for the boxes.
    waitForConsent({ ...attempt, signUp: true });
    show(config.errors.consentRequired);
    askForConsent();
    return false;
  }
  if (data.error === "reconsent_required" && Array.isArray(data.documents)) {
    show("");
    askReconsent(data.documents as ReconsentDocument[], {
      accept: (keys) =>
        run(async () => {
          show(config.working);
          const consent = await fetch(config.consentUrl, {
            method: "POST",
            credentials: "omit",
            headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
            body: JSON.stringify({ document_keys: keys, source: "auth_reconsent" }),
          });
          if (!consent.ok) throw new CallbackError("consent_not_recorded");
          await complete(attempt);
        }),
      decline: () => {
        waitForConsent(null);
        sessionStorage.removeItem(SESSION_KEY);
        show(config.reconsent.declined);
      },
    });
    return false;
  }
  show(data.error === "login_expired" ? config.errors.expired : (data.message ?? config.errors.generic));
  throw new CallbackError(data.error ?? "callback_failed", true);
}

/** Runs what the person asked for; a failure is shown unless its message already is. */
async function run(work: () => Promise<void>): Promise<void> {
  // The person acts: the page's state is asked for now, beside the provider's sign-in.
  loginState().catch(() => {});
  try {
    await work();
  } catch (error) {
    if (!(error instanceof CallbackError && error.shown)) show(providerMessage(config, error));
  }
}

/** A provider call whose failure is a funnel event (and sent at once when `flush`). */
async function tracked<T>(
  call: () => Promise<T>,
  failure: { name: EvtName; action: "sign_in" | "send_code" | "verify_code"; flush: boolean },
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    funnel.track(failure.name, failure.action, "signIn", "failure", { error });
    if (failure.flush) funnel.flush();
    throw error;
  }
}

/** Brings the consent step into view: its first unticked box, or its button when all are ticked. */
function askForConsent(): void {
  const box = consentBoxes().find((candidate) => !candidate.checked);
  const target = box ?? consentConfirm;
  target.scrollIntoView({ block: "center" });
  target.focus();
}

// A sign-up that waited for consent completes when the person confirms (the button, or Enter in
// the step), never merely because the last box was ticked.
byId("consent-form", HTMLFormElement).addEventListener("submit", (event) => {
  event.preventDefault();
  const waiting = pending;
  if (!waiting) return;
  if (!config.requiredDocumentKeys.every((key) => consented().includes(key))) {
    show(config.errors.consentRequired);
    askForConsent();
    return;
  }
  void run(() => complete(waiting));
});

document.getElementById("link-start")?.addEventListener("click", startLinking);

// Email + password only signs in existing accounts (document 1, Authentication 8: display only;
// accounts are created and passwords changed with the provider's admin tools).
async function signInWithPassword(email: string, password: string): Promise<void> {
  const result = await tracked(() => providerCall(config, "signInWithPassword", passwordSignIn(email, password)), {
    name: "email_password",
    action: "sign_in",
    flush: true,
  });
  await complete({
    idToken: result.idToken as string,
    signUp: false,
    method: "email_password",
    uid: result.localId,
  });
}

const emailForm = document.getElementById("email-form");
if (emailForm instanceof HTMLFormElement) {
  emailForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const email = (emailForm.elements.namedItem("email") as HTMLInputElement).value;
    const password = (emailForm.elements.namedItem("password") as HTMLInputElement).value;
    void run(() => signInWithPassword(email, password));
  });
}

// Dev only: the dev IdP's seeded accounts, one click each, on any client (docs/sign-in-dev.md).
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-dev-account]")) {
  button.addEventListener("click", () => {
    const email = button.dataset.devAccount ?? "";
    void run(() => signInWithPassword(email, config.devAccounts?.password ?? ""));
  });
}

/**
 * Tells the service this page's login state is sending an SMS code: the start of an attempt the
 * SMS success rate counts (a phone sign-in posted with the same state ends it). Nothing waits for it.
 */
function reportSmsAttempt(): void {
  loginState()
    .then((state) => postJson(config.smsAttemptUrl, { state }))
    .catch(() => {});
}

/** What the provider takes: E.164, a + and the country code (no region is guessed for a local number). */
const E164 = /^\+[1-9]\d{6,14}$/;
const phoneForm = byId("phone-form", HTMLFormElement);
const codeForm = byId("code-form", HTMLFormElement);
/** The code's attempt at the provider; used once by signInWithPhoneNumber. */
let sessionInfo: string | undefined;
phoneForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void run(async () => {
    const phoneNumber = (phoneForm.elements.namedItem("phone") as HTMLInputElement).value.replace(/[\s().-]/g, "");
    const result = await tracked(
      async () => {
        if (!E164.test(phoneNumber)) throw new ProviderError("INVALID_PHONE_NUMBER");
        reportSmsAttempt();
        // The provider sends a code to a web client only with a solved reCAPTCHA; a token is good once.
        const token = await recaptchaToken();
        try {
          return await providerCall(config, "sendVerificationCode", phoneCodeRequest(phoneNumber, token));
        } finally {
          await recaptchaUsed();
        }
      },
      { name: "phone_otp", action: "send_code", flush: false },
    );
    funnel.track("phone_otp", "send_code", "signIn", "success");
    sessionInfo = result.sessionInfo;
    // A new code is a new sign-in: one that waited for consent is dropped.
    waitForConsent(null);
    codeForm.hidden = false;
    byId("code").focus();
  });
});
// Enter in the code field submits this form: it verifies the code and never sends a new one (a
// new SMS would void the code the person typed).
codeForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void run(async () => {
    // Verified already, waiting for consent: the code is spent, the sign-in is kept. Posting it
    // again asks for the boxes (or signs in once they are ticked) instead of "the code is wrong".
    const waiting = pending;
    if (waiting?.method === "phone_otp") return complete(waiting);
    const code = byId("code", HTMLInputElement).value.replace(/\s/g, "");
    const attempt = sessionInfo;
    const result = await tracked(
      () => {
        // This code already signed in (a later refusal does not give it back): a new one is needed.
        if (attempt === undefined) throw new ProviderError("SESSION_EXPIRED");
        return providerCall(config, "signInWithPhoneNumber", phoneSignIn(attempt, code));
      },
      { name: "phone_otp", action: "verify_code", flush: true },
    );
    sessionInfo = undefined;
    funnel.track("phone_otp", "verify_code", result.isNewUser ? "signUp" : "signIn", "success", {
      uid: result.localId,
    });
    await complete({
      idToken: result.idToken as string,
      signUp: result.isNewUser === true,
      method: "phone_otp",
      uid: result.localId,
    });
  });
});

// Social providers: the provider's redirect flow (createAuthUri, then signInWithIdp on return).
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-provider]")) {
  button.addEventListener("click", () => {
    const provider = button.dataset.provider ?? "";
    const name = SOCIAL_NAMES[provider] ?? "unknown";
    void run(() => startSocialSignIn(provider, name));
  });
}

const returning = socialReturn();
if (returning) {
  for (const box of consentBoxes()) {
    if (returning.consented.includes(box.value)) box.checked = true;
  }
  const { requestUri } = returning;
  const name = Object.values(SOCIAL_NAMES).includes(returning.name) ? returning.name : "unknown";
  void run(async () => {
    const linkTo = await linkingIdToken();
    let result: ProviderAnswer<"signInWithIdp">;
    try {
      result = await providerCall(config, "signInWithIdp", socialSignIn(requestUri, returning.sessionId, linkTo));
      const action = linkTo ? "link" : "redirect_result";
      funnel.track(name, action, linkTo ? "link" : result.isNewUser ? "signUp" : "signIn", "success", {
        uid: result.localId,
      });
    } catch (error) {
      funnel.track(name, linkTo ? "link" : "redirect_result", linkTo ? "link" : "signIn", "failure", {
        error,
      });
      funnel.flush();
      throw error;
    }
    if (linkTo) show(config.link.strings.linked);
    await complete({
      idToken: result.idToken as string,
      signUp: result.isNewUser === true,
      method: name,
      uid: result.localId,
    });
  });
}
