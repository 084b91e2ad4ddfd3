// The operator page ordering the web store's products (workers/backend/routes/product-order-page.tsx).
// Signs in through /login like any web client (ID token in memory only), reads productList over
// GraphQL and saves each new order with reorderConsumableProducts. A move shows at once
// (optimistic); when saving fails, the last order the server confirmed comes back and the error
// is shown. Keyboard: Space picks up / drops the focused product, arrows move it, Escape cancels;
// every step is announced in a live region.
import { PRODUCT_ORDER_CONFIG_ID, type ProductOrderPageConfig } from "../../../src/page-configs/product-order";
import { claimsOf, showAccount } from "../kit/account-line";
import { byId, messageOf, pageConfig } from "../kit/page";
import { signIn } from "../kit/signed-in";
import { statusLine } from "../kit/status-line";

/** A product as the page asks GraphQL for it (PRODUCT_FIELDS). */
interface Product {
  id: number;
  productId: string;
  coinCount: number;
  subscriptionBonusRate: number;
}

const config = pageConfig<ProductOrderPageConfig>(PRODUCT_ORDER_CONFIG_ID);
const status = statusLine();
const live = byId("live");
const list = byId("products", HTMLOListElement);
let idToken: string | null = null;
let listId: number | null = null;
/** The order the server last confirmed. */
let saved: Product[] = [];
/** The order on screen (saved, or a move not yet confirmed). */
let shown: Product[] = [];
/** While a product is picked up by keyboard: its id and the order before the pick-up. */
let grabbed: { id: number; before: Product[] } | null = null;
let dragged: number | null = null;
/** A save is on its way: moves wait for its answer (it decides the order they start from). */
let saving = false;

const announce = (text: string) => {
  // A changed text node is what screen readers announce; clear first so a repeat is read too.
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = text;
  });
};

async function graphql<Data>(query: string, variables: Record<string, unknown>): Promise<Data> {
  const response = await fetch(config.graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: Data; errors?: { message: string }[] };
  const [firstError] = body.errors ?? [];
  if (firstError) throw new Error(firstError.message);
  if (!response.ok || !body.data) throw new Error(`The service answered ${response.status}.`);
  return body.data;
}

const PRODUCT_FIELDS = "id productId coinCount subscriptionBonusRate";

function labelOf(product: Product): string {
  const bonus =
    product.subscriptionBonusRate > 0 ? `, +${Math.round(product.subscriptionBonusRate * 100)}% for members` : "";
  return `${product.productId}: ${product.coinCount} coins${bonus}`;
}

function nameOf(id: number): string {
  const product = shown.find((p) => p.id === id);
  return product ? product.productId : String(id);
}

function placeOf(id: number): string {
  return `position ${shown.findIndex((p) => p.id === id) + 1} of ${shown.length}`;
}

function render(focusId?: number): void {
  list.replaceChildren(
    ...shown.map((product) => {
      const item = document.createElement("li");
      item.dataset.id = String(product.id);
      item.tabIndex = 0;
      item.draggable = true;
      item.textContent = labelOf(product);
      item.setAttribute("aria-roledescription", "sortable product");
      if (grabbed && grabbed.id === product.id) {
        // Not by colour alone: a picked-up product says so in words, which are part of its name too.
        item.classList.add("grabbed");
        const badge = document.createElement("span");
        badge.className = "moving";
        badge.textContent = "Moving";
        item.append(" ", badge);
      }
      return item;
    }),
  );
  list.hidden = false;
  if (focusId !== undefined) list.querySelector<HTMLElement>(`li[data-id="${focusId}"]`)?.focus();
}

function move(id: number, offset: number): boolean {
  const from = shown.findIndex((p) => p.id === id);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= shown.length) return false;
  const next = [...shown];
  const [product] = next.splice(from, 1);
  if (!product) return false;
  next.splice(to, 0, product);
  shown = next;
  return true;
}

function sameOrder(a: Product[], b: Product[]): boolean {
  return a.length === b.length && a.every((p, i) => p.id === b[i]?.id);
}

async function save(focusId: number): Promise<void> {
  if (sameOrder(shown, saved)) return;
  status.notice("Saving…");
  saving = true;
  list.setAttribute("aria-busy", "true");
  try {
    const data = await graphql<{ reorderConsumableProducts: Product[] }>(
      `mutation($input: ReorderConsumableProductsInput!) { reorderConsumableProducts(input: $input) { ${PRODUCT_FIELDS} } }`,
      { input: { parentId: listId, itemIds: shown.map((p) => p.id) } },
    );
    saved = data.reorderConsumableProducts;
    shown = saved;
    status.notice("Order saved.");
    announce("Order saved.");
  } catch (error) {
    shown = saved;
    status.error(`The order was not saved: ${messageOf(error)} The saved order is shown again.`);
    announce("The order was not saved; the saved order is shown again.");
  } finally {
    saving = false;
    list.removeAttribute("aria-busy");
  }
  render(focusId);
}

/** The list item an event happened in, if any. */
function itemOf(event: Event): HTMLLIElement | null {
  return event.target instanceof Element ? event.target.closest("li") : null;
}

list.addEventListener("keydown", (event) => {
  const item = itemOf(event);
  if (!item) return;
  const id = Number(item.dataset.id);
  const key = event.key;
  if (saving && (key === " " || key === "Enter")) {
    event.preventDefault();
    announce("Saving the last move; try again in a moment.");
    return;
  }
  if (key === " " || key === "Enter") {
    event.preventDefault();
    if (grabbed && grabbed.id === id) {
      grabbed = null;
      render(id);
      announce(`${nameOf(id)} dropped at ${placeOf(id)}.`);
      void save(id);
    } else {
      grabbed = { id, before: shown };
      render(id);
      announce(`${nameOf(id)} picked up, ${placeOf(id)}. Arrow keys move it, Space drops it, Escape cancels.`);
    }
  } else if (key === "ArrowUp" || key === "ArrowDown") {
    event.preventDefault();
    const offset = key === "ArrowUp" ? -1 : 1;
    if (grabbed && grabbed.id === id) {
      if (move(id, offset)) {
        render(id);
        announce(`${nameOf(id)} moved to ${placeOf(id)}.`);
      }
    } else {
      const sibling = offset < 0 ? item.previousElementSibling : item.nextElementSibling;
      if (sibling instanceof HTMLElement) sibling.focus();
    }
  } else if (key === "Escape" && grabbed) {
    event.preventDefault();
    shown = grabbed.before;
    grabbed = null;
    render(id);
    announce(`Move cancelled; ${nameOf(id)} is back at ${placeOf(id)}.`);
  }
});

list.addEventListener("focusout", (event) => {
  // Leaving the list while carrying a product puts it back.
  const to = event.relatedTarget;
  if (grabbed && to !== null && !(to instanceof Node && list.contains(to))) {
    shown = grabbed.before;
    const id = grabbed.id;
    grabbed = null;
    render();
    announce(`Move cancelled; ${nameOf(id)} is back at ${placeOf(id)}.`);
  }
});

list.addEventListener("dragstart", (event) => {
  const item = itemOf(event);
  if (!item || saving) {
    event.preventDefault();
    return;
  }
  dragged = Number(item.dataset.id);
  if (event.dataTransfer) {
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", item.dataset.id ?? "");
  }
});
list.addEventListener("dragover", (event) => {
  if (dragged !== null) event.preventDefault();
});
list.addEventListener("drop", (event) => {
  event.preventDefault();
  const target = itemOf(event);
  if (dragged === null || !target) return;
  const id = dragged;
  dragged = null;
  const to = shown.findIndex((p) => p.id === Number(target.dataset.id));
  const from = shown.findIndex((p) => p.id === id);
  if (!move(id, to - from)) return;
  render(id);
  announce(`${nameOf(id)} dropped at ${placeOf(id)}.`);
  void save(id);
});
list.addEventListener("dragend", () => {
  dragged = null;
});

void (async () => {
  try {
    idToken = await signIn(config);
    if (!idToken) return;
    showAccount(idToken);
    if (claimsOf(idToken).admin !== true) {
      status.error('This page needs an account with the admin role: choose "Use another account" to sign in with one.');
      return;
    }
    const data = await graphql<{ productList: { id: number; products: Product[] } }>(
      `query($store: Store!) { productList(store: $store) { id products { ${PRODUCT_FIELDS} } } }`,
      { store: config.store },
    );
    byId("intro").hidden = false;
    byId("reorder-help").hidden = false;
    listId = data.productList.id;
    saved = data.productList.products;
    shown = saved;
    render();
    if (shown.length === 0) status.notice("The store has no products yet.");
    else status.clear();
  } catch (error) {
    status.error(messageOf(error));
  }
})();
