// The social providers' return page ({AUTH_URL}/login/callback, workers/auth/routes/social-return.tsx):
// keeps the address the provider sent the browser back to for the login page that started the
// sign-in, and sends the tab there; replace(), so the provider's one-time code leaves the history.
import { SOCIAL_RETURN_CONFIG_ID, type SocialReturnPageConfig } from "../../../src/page-configs/login";
import { byId, pageConfig } from "../kit/page";
import { carriesProviderAnswer, loginPageToReturnTo, saveSocialAttempt, socialAttempt } from "./social-return";

const config = pageConfig<SocialReturnPageConfig>(SOCIAL_RETURN_CONFIG_ID);
const attempt = socialAttempt();
const loginPage =
  attempt && carriesProviderAnswer(window.location.search) ? loginPageToReturnTo(attempt, config.loginUrl) : null;
if (attempt && loginPage) {
  saveSocialAttempt({ ...attempt, requestUri: window.location.href });
  window.location.replace(loginPage);
} else {
  byId("finishing").hidden = true;
  byId("lost").hidden = false;
}
