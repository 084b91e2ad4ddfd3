import { type Language, STRINGS } from "../../../src/auth/i18n";
import { SOCIAL_RETURN_CONFIG_ID, type SocialReturnPageConfig } from "../../../src/page-configs/login";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";

export interface SocialReturnPageProps {
  language: Language;
  assetsUrl: string;
  pageConfig: SocialReturnPageConfig;
}

/**
 * Where the social providers send the browser back ({AUTH_URL}/login/callback): its script
 * (browser/pages/login/social-callback.ts) hands the provider's answer to the login page that
 * started the sign-in, or says that this tab holds no sign-in to finish.
 */
export function SocialReturnPage(props: SocialReturnPageProps) {
  const t = STRINGS[props.language];
  return (
    <PageShell
      lang={props.language}
      title={t.title}
      assetsUrl={props.assetsUrl}
      stylesheet="login.css"
      config={{ id: SOCIAL_RETURN_CONFIG_ID, value: props.pageConfig }}
      script={{ file: "login-callback.js", module: false }}
    >
      <main class="card">
        <h1>{t.title}</h1>
        <p id="finishing" role="status" class="status">
          {t.socialReturn.finishing}
        </p>
        <p id="lost" role="alert" class="status" hidden>
          {t.socialReturn.lost}
        </p>
      </main>
    </PageShell>
  );
}
