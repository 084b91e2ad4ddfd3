import type { Messages } from "./messages";

export const ja: Messages = {
  languageName: "日本語",
  title: "コインストア",
  language: "言語",
  signIn: "ログイン",
  signOut: "ログアウト",
  loading: "読み込み中…",
  balance: "残高",
  coins: { other: "{n}コイン" },
  bonusCoins: { other: "+{n}ボーナスコイン" },
  premium: "プレミアム 最大 +{rate}%",
  buy: "購入",
  taxIncluded: "価格はすべて税込みです。",
  noProducts: "現在販売中のコインはありません。",
  cancelled: "購入をキャンセルしました。料金は請求されていません。",
  redirecting: "決済ページを開いています…",
  error: "問題が発生しました。もう一度お試しください。",
  unavailable: {
    payments: "決済サービスが現在利用できません。しばらくしてからもう一度お試しください。",
    idp: "ログインサービスに接続できないため、アカウントを確認できません。しばらくしてからもう一度お試しください。",
    backend: "コインサービスが現在利用できません。しばらくしてからもう一度お試しください。",
  },
  checkoutUnavailable: {
    payments:
      "決済サービスが現在利用できないため、決済ページを開けませんでした。料金は請求されていません。しばらくしてからもう一度お試しください。",
    idp: "ログインサービスに接続できないため、決済ページを開けませんでした。料金は請求されていません。しばらくしてからもう一度お試しください。",
    backend:
      "コインサービスが現在利用できないため、決済ページを開けませんでした。料金は請求されていません。しばらくしてからもう一度お試しください。",
  },
  consentUnchecked: "最新の利用規約への同意を確認できなかったため、ストアを開けません。もう一度お試しください。",
  dismiss: "閉じる",
  retry: "再試行",
  resultTitle: "ご購入ありがとうございます",
  resultPending: "残高への反映には数秒かかります。",
  resultCredited: "コインが付与されました。",
  resultWaiting: "コインの付与にもう少し時間がかかっています。しばらくしてからご確認ください。",
  resultRefunded: "この購入は返金され、コインは差し引かれました。",
  resultNotPaid: "決済は完了していません。料金は請求されていません。",
  signedOut: "ログアウトしました。",
  backToStore: "ストアに戻る",
};
