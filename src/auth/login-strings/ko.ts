import type { LoginStrings } from "../i18n";

export const ko: LoginStrings = {
  title: "로그인",
  signInTo: (client) => `${client}에 로그인`,
  emailHeading: "이메일로 로그인",
  emailSignInOnly: "이미 있는 계정 전용입니다. 이메일 계정은 이 페이지에서 만들 수 없으며, 관리자가 만듭니다.",
  email: "이메일",
  password: "비밀번호",
  signIn: "로그인",
  signUp: "계정 만들기",
  phone: "전화번호로 로그인",
  phoneNumber: "전화번호",
  sendCode: "인증 코드 받기",
  verificationCode: "인증 코드",
  verify: "확인",
  orContinueWith: "또는 다음 방법으로 계속",
  // "계정으로" reads right after every provider's name (a bare name would need 로 or 으로).
  continueWith: (provider) => `${provider} 계정으로 계속하기`,
  consentIntro: "계정을 만들려면 다음에 동의해 주세요:",
  consentConfirm: "동의하고 계속하기",
  documents: {
    app_terms: "이용약관",
    studio_terms: "스튜디오 이용약관",
    portal_terms: "예약 포털 이용약관",
    privacy: "개인정보 처리방침",
  },
  languageMenu: "언어",
  working: "로그인하는 중…",
  socialReturn: {
    finishing: "로그인을 완료하는 중…",
    lost: "이 로그인은 여기에서 완료할 수 없습니다. 다른 탭이나 브라우저에서 시작되었습니다. 앱으로 돌아가 다시 로그인하세요.",
  },
  reconsent: {
    title: "문서가 업데이트되었습니다",
    intro: "다음 문서가 변경되었습니다. 계속하려면 내용을 확인하고 동의해 주세요.",
    effective: "시행일",
    accept: "동의하고 계속하기",
    decline: "동의하지 않음",
    declined: "업데이트된 문서에 동의하지 않아 로그인되지 않았습니다. 동의할 준비가 되면 다시 로그인해 주세요.",
  },
  errors: {
    generic: "로그인하지 못했습니다. 다시 시도해 주세요.",
    consentRequired: "계정을 만들려면 모든 문서에 동의해 주세요.",
    invalidCredentials:
      "이메일 또는 비밀번호가 올바르지 않거나, 이 이메일로 된 계정이 없습니다. 이메일 계정은 이 페이지에서 만들 수 없으니 관리자에게 요청하세요.",
    emailExists: "이 이메일로 만든 계정이 이미 있습니다. 로그인해 주세요.",
    invalidCode: "코드가 올바르지 않습니다.",
    codeUsed: "이 코드는 이미 사용되었거나 만료되었습니다. 새 코드를 받으세요.",
    phoneFormat: "국가 번호를 포함해 +로 시작하는 번호를 입력해 주세요(예: +82 10 1234 5678).",
    recaptcha: "코드를 보내기 전 보안 확인을 통과하지 못했습니다. 다시 시도해 주세요.",
    expired: "이 페이지는 만료되었습니다. 새로고침해 주세요.",
  },
  legal: {
    version: "버전 {version}, {date} 시행",
    notTranslated: "이 문서는 {requested} 버전이 없어 {shown} 버전으로 표시합니다.",
  },
};
