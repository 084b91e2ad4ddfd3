import type { Messages } from "./messages";

export const ko: Messages = {
  languageName: "한국어",
  title: "코인 스토어",
  language: "언어",
  signIn: "로그인",
  signOut: "로그아웃",
  loading: "불러오는 중…",
  balance: "잔액",
  coins: { other: "{n}코인" },
  bonusCoins: { other: "+{n} 보너스 코인" },
  premium: "프리미엄 최대 +{rate}%",
  buy: "구매",
  taxIncluded: "모든 가격은 세금 포함입니다.",
  noProducts: "현재 판매 중인 코인이 없습니다.",
  cancelled: "결제가 취소되었습니다. 청구된 금액은 없습니다.",
  redirecting: "결제 페이지를 여는 중…",
  error: "문제가 발생했습니다. 다시 시도해 주세요.",
  unavailable: {
    payments: "지금은 결제 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.",
    idp: "로그인 서비스에 연결할 수 없어 계정을 확인할 수 없습니다. 잠시 후 다시 시도해 주세요.",
    backend: "지금은 코인 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.",
  },
  checkoutUnavailable: {
    payments:
      "지금은 결제 서비스를 이용할 수 없어 결제 페이지를 열지 못했습니다. 청구된 금액은 없습니다. 잠시 후 다시 시도해 주세요.",
    idp: "로그인 서비스에 연결할 수 없어 결제 페이지를 열지 못했습니다. 청구된 금액은 없습니다. 잠시 후 다시 시도해 주세요.",
    backend:
      "지금은 코인 서비스를 이용할 수 없어 결제 페이지를 열지 못했습니다. 청구된 금액은 없습니다. 잠시 후 다시 시도해 주세요.",
  },
  consentUnchecked: "최신 이용약관 동의 여부를 확인하지 못해 스토어를 열 수 없습니다. 다시 시도해 주세요.",
  dismiss: "닫기",
  retry: "다시 시도",
  resultTitle: "구매해 주셔서 감사합니다",
  resultPending: "잔액에 반영되기까지 몇 초 정도 걸립니다.",
  resultCredited: "코인이 지급되었습니다.",
  resultWaiting: "코인 지급에 시간이 조금 더 걸리고 있습니다. 잠시 후 다시 확인해 주세요.",
  resultRefunded: "이 구매는 환불되어 코인이 회수되었습니다.",
  resultNotPaid: "결제가 완료되지 않았습니다. 청구된 금액은 없습니다.",
  signedOut: "로그아웃되었습니다.",
  backToStore: "스토어로 돌아가기",
};
