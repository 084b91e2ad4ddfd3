import { config, postJson, show } from "./login-page";
import { askReconsent } from "./reconsent";

// A browser that is signed in already (SSO) came to /login for an app, and a document that app
// requires was revised since the user accepted it: the server rendered this page instead of
// sending the browser on. Accepting records the consent for the session's user and loads /login
// again, which now lands in the app; declining leaves the browser here, not signed in to the app.
const asked = config.sessionReconsent;
if (asked) {
  askReconsent(asked.documents, {
    accept: (keys) => {
      show(config.working);
      postJson(asked.url, { document_keys: keys })
        .then(() => window.location.reload())
        .catch((error: unknown) => show(error instanceof Error ? error.message : config.errors.generic));
    },
    decline: () => show(config.reconsent.declined),
  });
}
