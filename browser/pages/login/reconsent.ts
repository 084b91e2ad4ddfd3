import { byId } from "../kit/page";
import { config } from "./login-page";

/** A document revised since the user accepted it, as /api/callback names it. */
export interface ReconsentDocument {
  documentKey: string;
  summary: string;
  effectiveAt: string;
}

interface Answer {
  accept(keys: string[]): void;
  decline(): void;
}

// Documents revised since the user accepted them: a blocking prompt with what changed and from
// when. Accepting records the consent and posts the callback again; declining ends this sign-in:
// the ID token is dropped, no session is made.
const dialog = byId("reconsent", HTMLDialogElement);
let asking: (Answer & { keys: string[] }) | null = null;
dialog.addEventListener("cancel", (event) => event.preventDefault());

export function askReconsent(documents: ReconsentDocument[], answer: Answer): void {
  asking = { keys: documents.map((doc) => doc.documentKey), ...answer };
  const items = documents.map((doc) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `${config.legalUrl}/${encodeURIComponent(doc.documentKey)}/latest?lang=${config.language}`;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = config.documentNames[doc.documentKey as keyof typeof config.documentNames] ?? doc.documentKey;
    const summary = document.createElement("p");
    summary.textContent = doc.summary;
    const effective = document.createElement("p");
    effective.className = "effective";
    effective.textContent = `${config.reconsent.effective}: `;
    const date = document.createElement("time");
    date.dateTime = doc.effectiveAt;
    date.textContent = doc.effectiveAt;
    effective.append(date);
    item.append(link, summary, effective);
    return item;
  });
  byId("reconsent-documents").replaceChildren(...items);
  dialog.showModal();
}

byId("reconsent-accept").addEventListener("click", () => {
  const answered = asking;
  if (!answered) return;
  dialog.close();
  asking = null;
  answered.accept(answered.keys);
});

byId("reconsent-decline").addEventListener("click", () => {
  const answered = asking;
  dialog.close();
  asking = null;
  answered?.decline();
});
