import { pageHtml, StandInPage } from "../../../src/worker-kit/pages/page-shell";

/** The dev reCAPTCHA's frame: a line for a person who reaches it, and its script inline (CSP by hash). */
export function recaptchaFramePage(script: string) {
  return pageHtml(
    <StandInPage title="reCAPTCHA (dev stand-in)">
      <p>reCAPTCHA dev stand-in: the check runs on this machine and always passes.</p>
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </StandInPage>,
  );
}
