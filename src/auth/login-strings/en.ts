import type { LoginStrings } from "../i18n";

export const en: LoginStrings = {
  title: "Sign in",
  signInTo: (client) => `Sign in to ${client}`,
  emailHeading: "Sign in with email",
  emailSignInOnly:
    "For existing accounts only. Email accounts are not created on this page: your administrator creates them.",
  email: "Email",
  password: "Password",
  signIn: "Sign in",
  signUp: "Create account",
  phone: "Sign in with your phone",
  phoneNumber: "Phone number",
  sendCode: "Send code",
  verificationCode: "Verification code",
  verify: "Verify",
  orContinueWith: "Or continue with",
  continueWith: (provider) => `Continue with ${provider}`,
  consentIntro: "To create an account, please agree to:",
  consentConfirm: "Agree and continue",
  documents: {
    app_terms: "Terms of Service",
    studio_terms: "Studio Terms of Service",
    portal_terms: "Booking Portal Terms of Service",
    privacy: "Privacy Policy",
  },
  languageMenu: "Language",
  working: "Signing in…",
  socialReturn: {
    finishing: "Finishing sign-in…",
    lost: "This sign-in cannot be finished here: it was started in another tab or browser. Go back to the app and sign in again.",
  },
  reconsent: {
    title: "Updated documents",
    intro: "These documents have changed. Please read and accept them to continue.",
    effective: "Effective",
    accept: "Accept and continue",
    decline: "Decline",
    declined:
      "You declined the updated documents, so you were not signed in. Sign in again whenever you are ready to accept them.",
  },
  errors: {
    generic: "Sign-in failed. Please try again.",
    consentRequired: "Please agree to every document to create an account.",
    invalidCredentials:
      "The email or password is wrong, or no account has this email. Email accounts are not created on this page: ask your administrator for one.",
    emailExists: "An account with this email already exists. Sign in instead.",
    invalidCode: "The code is wrong.",
    codeUsed: "This code was already used or has expired. Send a new code.",
    phoneFormat: "Enter the number with its country code, starting with + (for example +81 90 1234 5678).",
    recaptcha: "The security check before sending the code did not pass. Please try again.",
    expired: "This page has expired. Please reload it.",
  },
  legal: {
    version: "Version {version}, effective {date}",
    notTranslated: "This document is not available in {requested}. It is shown in {shown}.",
  },
};
