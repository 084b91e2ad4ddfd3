// The login page's script (workers/auth/views/login-page.tsx): signs in with the identity
// provider's REST API from the browser, then posts the ID token to /api/callback and follows
// its answer. No framework, no build step; the page works the same in every environment.
(() => {
  const config = JSON.parse(document.getElementById("login-config").textContent);
  const status = document.getElementById("status");
  /** An ID token that still waits for consent (a new account whose boxes were not ticked). */
  let pending = null;

  // Funnel events (document 1, Events) through the client log library (public/auth/auth-log.js).
  // The sessionId ties the events of one attempt together, across a social provider's redirect.
  const SESSION_KEY = "login.log.session";
  const sessionId = sessionStorage.getItem(SESSION_KEY) || crypto.randomUUID();
  sessionStorage.setItem(SESSION_KEY, sessionId);
  const authLog = window.authLog
    ? window.authLog.createAuthLog({
        target: config.logUrl,
        sessionId,
        clientId: config.clientId,
        path: window.location.pathname,
        userAgent: navigator.userAgent,
      })
    : { event() {}, flush() {} };
  const SOCIAL_NAMES = {
    "google.com": "google",
    "apple.com": "apple",
    "twitter.com": "twitter",
    "facebook.com": "facebook",
  };
  /** auth/<code> of a provider or callback failure ("INVALID_CODE" -> auth/invalid-code). */
  const errorCode = (error) => {
    const raw = error instanceof ProviderError || error instanceof CallbackError ? error.message : "internal_error";
    return `auth/${String(raw)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`;
  };
  function track(name, action, surface, outcome, extra = {}) {
    const error = extra.error ? { code: errorCode(extra.error), name: extra.error.name } : undefined;
    authLog.event({ name, action, surface, outcome, error, uid: extra.uid ?? null });
  }

  const show = (message) => {
    status.textContent = message;
  };

  const consented = () => [...document.querySelectorAll('input[name="consent"]:checked')].map((box) => box.value);

  async function idp(method, body) {
    const url = `${config.idpApiUrl}/v1/accounts:${method}?key=${encodeURIComponent(config.idpApiKey)}`;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new ProviderError(data?.error?.message ?? "UNKNOWN");
    // signInWithIdp answers 200 without an ID token when the email belongs to an account of
    // another sign-in method (needConfirmation), or with an errorMessage.
    if (data.needConfirmation) throw new ProviderError("NEED_CONFIRMATION");
    if (typeof data.errorMessage === "string") throw new ProviderError(data.errorMessage);
    return data;
  }

  class ProviderError extends Error {}

  function providerMessage(error) {
    const code = error instanceof ProviderError ? error.message : "";
    if (/EMAIL_EXISTS|NEED_CONFIRMATION/.test(code)) return config.errors.emailExists;
    if (/INVALID_PASSWORD|EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS|INVALID_EMAIL/.test(code)) {
      return config.errors.invalidCredentials;
    }
    if (/INVALID_CODE|SESSION_EXPIRED|INVALID_SESSION_INFO/.test(code)) return config.errors.invalidCode;
    return config.errors.generic;
  }

  // The page's state is asked for when the person first signs in, not when the page opens:
  // opening /login stores nothing (issue 12). One state serves every post of this page.
  let statePromise = null;
  function loginState() {
    statePromise ??= (async () => {
      const response = await fetch(config.loginRequestUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(config.loginRequest),
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok || typeof data.state !== "string") {
        statePromise = null;
        throw new Error(data.message ?? config.errors.generic);
      }
      return data.state;
    })();
    return statePromise;
  }

  /** A refusal of /api/callback; `shown`: its message is already on the page. */
  class CallbackError extends Error {
    constructor(code, shown = false) {
      super(code);
      this.shown = shown;
    }
  }

  /** Posts the ID token; `method` names the sign-in method in the funnel events. */
  async function complete(idToken, signUp, method, uid) {
    try {
      const done = await post(idToken, signUp, method, uid);
      if (done) track(method, "sign_in", signUp ? "signUp" : "signIn", "success", { uid });
    } catch (error) {
      track(method, "sign_in", signUp ? "signUp" : "signIn", "failure", { error, uid });
      throw error;
    } finally {
      authLog.flush();
    }
  }

  /** true when the browser is on its way to redirect_to; false when the page waits for the user. */
  async function post(idToken, signUp, method, uid) {
    if (typeof idToken !== "string" || idToken === "") throw new ProviderError("MISSING_ID_TOKEN");
    if (await linkIdentified(idToken, signUp)) return false;
    show(config.working);
    const response = await fetch(config.callbackUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        state: await loginState(),
        id_token: idToken,
        sign_up: signUp,
        consented_document_keys: consented(),
      }),
    });
    const data = await response.json().catch(() => ({}));
    if (response.ok && data.redirect_to) {
      pending = null;
      sessionStorage.removeItem(SESSION_KEY);
      authLog.flush();
      window.location.assign(data.redirect_to);
      return true;
    }
    if (data.error === "consent_required") {
      // Also the answer to a plain sign-in of an account whose sign-up was never finished
      // (refused earlier, then "Sign in"): the server decides, and the page asks for the boxes.
      pending = { idToken, signUp: true, method, uid };
      show(config.errors.consentRequired);
      const box = document.querySelector('input[name="consent"]:not(:checked)');
      box?.scrollIntoView({ block: "center" });
      box?.focus();
      return false;
    }
    if (data.error === "reconsent_required" && Array.isArray(data.documents)) {
      askReconsent(data.documents, { idToken, signUp, method, uid });
      return false;
    }
    show(data.error === "login_expired" ? config.errors.expired : (data.message ?? config.errors.generic));
    throw new CallbackError(data.error ?? "callback_failed", true);
  }

  // Documents revised since the user accepted them: a blocking prompt with what changed and from
  // when. Accepting records the consent (POST /api/consent with the user's ID token) and posts the
  // callback again; declining ends this sign-in: the ID token is dropped, no session is made.
  const dialog = document.getElementById("reconsent");
  let reconsent = null;
  dialog.addEventListener("cancel", (event) => event.preventDefault());

  function askReconsent(documents, attemptState) {
    reconsent = { keys: documents.map((doc) => doc.documentKey), ...attemptState };
    const items = documents.map((doc) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `${config.legalUrl}/${encodeURIComponent(doc.documentKey)}/latest`;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = config.documentNames[doc.documentKey] ?? doc.documentKey;
      const summary = document.createElement("p");
      summary.textContent = doc.summary;
      const effective = document.createElement("p");
      effective.className = "effective";
      effective.textContent = `${config.reconsent.effective}: `;
      const date = document.createElement("time");
      date.dateTime = doc.effectiveAt;
      date.textContent = doc.effectiveAt;
      effective.append(date);
      item.append(link, summary, effective);
      return item;
    });
    document.getElementById("reconsent-documents").replaceChildren(...items);
    show("");
    dialog.showModal();
  }

  document.getElementById("reconsent-accept").addEventListener("click", () => {
    const attemptState = reconsent;
    if (!attemptState) return;
    dialog.close();
    reconsent = null;
    attempt(async () => {
      show(config.working);
      const response = await fetch(config.consentUrl, {
        method: "POST",
        credentials: "omit",
        headers: { "content-type": "application/json", authorization: `Bearer ${attemptState.idToken}` },
        body: JSON.stringify({ document_keys: attemptState.keys, source: "auth_reconsent" }),
      });
      if (!response.ok) throw new CallbackError("consent_not_recorded");
      await complete(attemptState.idToken, attemptState.signUp, attemptState.method, attemptState.uid);
    });
  });

  document.getElementById("reconsent-decline").addEventListener("click", () => {
    dialog.close();
    reconsent = null;
    pending = null;
    sessionStorage.removeItem(SESSION_KEY);
    show(config.reconsent.declined);
  });

  async function attempt(work) {
    // The person acts: the page's state is asked for now, beside the provider's sign-in.
    loginState().catch(() => {});
    try {
      await work();
    } catch (error) {
      if (!(error instanceof CallbackError && error.shown)) show(providerMessage(error));
    }
  }

  // Ticking the last box completes a sign-up that waited for consent.
  for (const box of document.querySelectorAll('input[name="consent"]')) {
    box.addEventListener("change", () => {
      const all = config.requiredDocumentKeys.every((key) => consented().includes(key));
      if (pending && all) attempt(() => complete(pending.idToken, pending.signUp, pending.method, pending.uid));
    });
  }

  // Linking another sign-in method (docs/sign-in.md, "Link another sign-in method"): the person
  // signs in the way they do today, the page trades that fresh ID token for a 60-second link grant
  // bound to this page and browser, leaves for the social provider to add, and on return redeems
  // the grant for a custom token of the same account, signs in with it and links the new identity
  // (signInWithIdp with idToken). The grant waits in sessionStorage during the trip.
  const LINK_KEY = "login.link";
  const linking = () => {
    try {
      return JSON.parse(sessionStorage.getItem(LINK_KEY) ?? "null");
    } catch {
      return null;
    }
  };

  document.getElementById("link-start")?.addEventListener("click", () => {
    sessionStorage.setItem(LINK_KEY, JSON.stringify({ step: "identify" }));
    show(config.link.strings.identify);
  });

  async function postJson(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.message ?? config.errors.generic);
    return data;
  }

  /** In the first step of linking, the sign-in only identifies the account: true when it did. */
  async function linkIdentified(idToken, signUp) {
    const link = linking();
    if (link?.step !== "identify") {
      if (link) sessionStorage.removeItem(LINK_KEY);
      return false;
    }
    sessionStorage.removeItem(LINK_KEY);
    if (signUp) {
      show(config.link.strings.newAccount);
      return false;
    }
    const state = await loginState();
    const { grant } = await postJson(config.link.grantUrl, { id_token: idToken, state });
    sessionStorage.setItem(LINK_KEY, JSON.stringify({ step: "choose", grant, state }));
    show(config.link.strings.choose);
    document.querySelector("button[data-provider]")?.focus();
    return true;
  }

  /** Back from the provider to add: an ID token of the account being linked to, or null. */
  async function linkingIdToken() {
    const link = linking();
    if (link?.step !== "choose") return null;
    sessionStorage.removeItem(LINK_KEY);
    const { custom_token: token } = await postJson(config.link.redeemUrl, { grant: link.grant, state: link.state });
    return (await idp("signInWithCustomToken", { token, returnSecureToken: true })).idToken;
  }

  // Email + password only signs in existing accounts (document 1, Authentication 8: display only;
  // accounts are created and passwords changed with the provider's admin tools).
  const emailForm = document.getElementById("email-form");
  emailForm?.addEventListener("submit", (event) => {
    event.preventDefault();
    const email = emailForm.elements.email.value;
    const password = emailForm.elements.password.value;
    attempt(async () => {
      let result;
      try {
        result = await idp("signInWithPassword", { email, password, returnSecureToken: true });
      } catch (error) {
        track("email_password", "sign_in", "signIn", "failure", { error });
        authLog.flush();
        throw error;
      }
      await complete(result.idToken, false, "email_password", result.localId);
    });
  });

  const phoneForm = document.getElementById("phone-form");
  let sessionInfo = null;
  phoneForm?.addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      const phoneNumber = phoneForm.elements.phone.value.replace(/[\s()-]/g, "");
      let result;
      try {
        result = await idp("sendVerificationCode", { phoneNumber });
        track("phone_otp", "send_code", "signIn", "success");
      } catch (error) {
        track("phone_otp", "send_code", "signIn", "failure", { error });
        throw error;
      }
      sessionInfo = result.sessionInfo;
      document.getElementById("phone-code").hidden = false;
      document.getElementById("code").focus();
    });
  });
  document.getElementById("verify-code")?.addEventListener("click", () => {
    attempt(async () => {
      const code = document.getElementById("code").value;
      let result;
      try {
        result = await idp("signInWithPhoneNumber", { sessionInfo, code });
        track("phone_otp", "verify_code", result.isNewUser ? "signUp" : "signIn", "success", { uid: result.localId });
      } catch (error) {
        track("phone_otp", "verify_code", "signIn", "failure", { error });
        authLog.flush();
        throw error;
      }
      await complete(result.idToken, result.isNewUser === true, "phone_otp", result.localId);
    });
  });

  // Social providers: the provider's redirect flow (createAuthUri, then signInWithIdp on return).
  // The page is left for the provider's site and loaded afresh on return, so the attempt's
  // sessionId and the boxes already ticked wait in sessionStorage.
  const RETURN_KEY = "login.social.return";
  for (const button of document.querySelectorAll("button[data-provider]")) {
    button.addEventListener("click", () => {
      const name = SOCIAL_NAMES[button.dataset.provider] ?? "unknown";
      attempt(async () => {
        let result;
        try {
          result = await idp("createAuthUri", {
            providerId: button.dataset.provider,
            continueUri: window.location.href,
          });
          track(name, "redirect_start", "signIn", "success");
        } catch (error) {
          track(name, "redirect_start", "signIn", "failure", { error });
          throw error;
        } finally {
          authLog.flush();
        }
        sessionStorage.setItem(
          RETURN_KEY,
          JSON.stringify({ sessionId: result.sessionId ?? "", consented: consented(), name }),
        );
        window.location.assign(result.authUri);
      });
    });
  }

  function socialReturn() {
    const saved = sessionStorage.getItem(RETURN_KEY);
    if (saved === null || !/[?&](code|state|oauth_token)=/.test(window.location.search)) return null;
    sessionStorage.removeItem(RETURN_KEY);
    try {
      const { sessionId, consented: keys, name } = JSON.parse(saved);
      return {
        sessionId: String(sessionId ?? ""),
        consented: Array.isArray(keys) ? keys : [],
        name: Object.values(SOCIAL_NAMES).includes(name) ? name : "unknown",
      };
    } catch {
      return null;
    }
  }

  const returning = socialReturn();
  if (returning) {
    for (const box of document.querySelectorAll('input[name="consent"]')) {
      if (returning.consented.includes(box.value)) box.checked = true;
    }
    const requestUri = window.location.href;
    // The provider's one-time answer is spent below; a reload must not post it again.
    const clean = new URL(requestUri);
    for (const name of ["code", "state", "oauth_token", "oauth_verifier"]) clean.searchParams.delete(name);
    history.replaceState(null, "", clean.href);
    attempt(async () => {
      const linkTo = await linkingIdToken();
      let result;
      try {
        result = await idp("signInWithIdp", {
          requestUri,
          sessionId: returning.sessionId,
          returnSecureToken: true,
          returnIdpCredential: true,
          ...(linkTo ? { idToken: linkTo } : {}),
        });
        const action = linkTo ? "link" : "redirect_result";
        track(returning.name, action, linkTo ? "link" : result.isNewUser ? "signUp" : "signIn", "success", {
          uid: result.localId,
        });
      } catch (error) {
        track(returning.name, linkTo ? "link" : "redirect_result", linkTo ? "link" : "signIn", "failure", { error });
        authLog.flush();
        throw error;
      }
      if (linkTo) show(config.link.strings.linked);
      await complete(result.idToken, result.isNewUser === true, returning.name, result.localId);
    });
  }
})();
