import type { UiLocale } from "../i18n/locales";
import { LEGAL_TEXTS_JA } from "./content-ja";

/**
 * The texts of the legal documents, shipped with the Worker (GET /legal/{key}/latest). Keyed by
 * the catalog's contentRef; each body is trusted HTML written by the operator, never user input.
 * A new version adds an entry here and a version in the catalog (docs/consent.md).
 */
export interface LegalText {
  title: string;
  html: string;
}

/** One version's text: always in English, and in each other language it has been written in. */
export type LegalTexts = { readonly en: LegalText } & Partial<Readonly<Record<UiLocale, LegalText>>>;

const ENGLISH: Readonly<Record<string, LegalText>> = {
  "app_terms/2026-01-01": {
    title: "Terms of Service",
    html: `<p>These terms govern your use of our games and apps.</p>
<h2>1. Your account</h2><p>You are responsible for what happens under your account. Keep your sign-in methods secure.</p>
<h2>2. Purchases</h2><p>Coins bought in the store are for use in our games; they have no cash value.</p>
<h2>3. Changes</h2><p>When we change these terms substantively, we ask you to accept them again before you continue.</p>`,
  },
  "studio_terms/2026-01-01": {
    title: "Studio Terms of Service",
    html: `<p>These terms govern authoring and publishing scenarios with the Studio.</p>
<h2>1. Your content</h2><p>You keep the rights to what you author; you grant us the licence needed to host and run it.</p>
<h2>2. Publishing</h2><p>Publish tokens act as you; revoke any you no longer use.</p>
<h2>3. Changes</h2><p>When we change these terms substantively, we ask you to accept them again before you continue.</p>`,
  },
  "portal_terms/2026-01-01": {
    title: "Booking Portal Terms of Service",
    html: `<p>These terms govern booking venues and managing shops on the booking portal.</p>
<h2>1. Bookings</h2><p>A booking is a contract between you and the venue; we provide the portal.</p>
<h2>2. Shops</h2><p>Shop membership requires an invitation.</p>
<h2>3. Changes</h2><p>When we change these terms substantively, we ask you to accept them again before you continue.</p>`,
  },
  "privacy/2026-01-01": {
    title: "Privacy Policy",
    html: `<p>This policy is shared by every product of the operator.</p>
<h2>1. What we record</h2><p>Your account id, the documents you accepted and when, and the purchases you made.</p>
<h2>2. Logs</h2><p>Our logs never hold your e-mail address, phone number or IP address.</p>
<h2>3. Your rights</h2><p>You may ask for a copy of your data or for its deletion at any time.</p>`,
  },
  "paid_release/2026-01-01": {
    title: "Paid Release Terms",
    html: `<p>These terms apply when you offer a scenario for sale and share its revenue.</p>
<h2>1. Revenue share</h2><p>Revenue is shared at the rates shown when you apply for paid release.</p>`,
  },
  "additional_content_paid_release/2026-01-01": {
    title: "Additional Content Paid Release Terms",
    html: `<p>These terms apply when you sell additional content for a released scenario.</p>
<h2>1. Revenue share</h2><p>Revenue is shared at the rates shown when you apply.</p>`,
  },
};

/** Every version's texts by contentRef: English, and the translations of content-ja.ts. */
export const LEGAL_TEXTS: Readonly<Record<string, LegalTexts>> = Object.fromEntries(
  Object.entries(ENGLISH).map(([ref, en]) => {
    const ja = LEGAL_TEXTS_JA[ref];
    return [ref, ja ? { en, ja } : { en }];
  }),
);
