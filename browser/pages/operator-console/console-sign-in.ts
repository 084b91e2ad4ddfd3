// The operator console's sign-in page (workers/backend/routes/console/sign-in.tsx): signs in
// through /login like the ordering page (the page kit's signIn), then posts the ID token to the
// console in the page's form; the server sets the console's cookie and sends the browser on.
import { CONSOLE_SIGN_IN_CONFIG_ID, type ConsoleSignInPageConfig } from "../../../src/page-configs/operator-console";
import { byId, messageOf, pageConfig } from "../kit/page";
import { signIn } from "../kit/signed-in";
import { statusLine } from "../kit/status-line";

const config = pageConfig<ConsoleSignInPageConfig>(CONSOLE_SIGN_IN_CONFIG_ID);
const status = statusLine();

void (async () => {
  try {
    const idToken = await signIn(config);
    if (!idToken) return;
    byId("id-token", HTMLInputElement).value = idToken;
    byId("sign-in", HTMLFormElement).submit();
  } catch (error) {
    status.error(messageOf(error));
  }
})();
