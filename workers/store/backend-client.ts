import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print } from "graphql";
import { z } from "zod";
import { urlFor } from "../../src/base-url";
import type { Config } from "../../src/config";
import {
  CurrentConsumableProductsDocument,
  type CurrentConsumableProductsQuery,
  MeDocument,
  type MeQuery,
  MyPurchaseDocument,
  type MyPurchaseQuery,
} from "../../src/graphql/generated/operations";
import type { BackendProduct } from "../../src/store/catalog";
import { ApiError } from "../../src/worker-kit/errors";
import { type Fetcher, loopbackFetcher } from "../../src/worker-kit/loopback-fetch";
import { currentLog } from "../../src/worker-kit/request-log";

/** The caller as the backend knows them (GraphQL `me`). */
export interface BackendMe {
  /** users.id: what POST /api/checkout compares the body's userId with. */
  id: number;
  balance: number;
  hasActiveSubscription: boolean;
}

/** One of the caller's purchases as the ledger has it (GraphQL `me { purchase }`). */
export interface BackendPurchase {
  purchaseId: string;
  cancelled: boolean;
}

/** What the store asks of the main backend (document 2, Rule 5). */
export interface StoreBackend {
  /** `me` with the user's own ID token forwarded. */
  me(idToken: string): Promise<BackendMe>;
  /** currentConsumableProducts(store: WEB). */
  webProducts(): Promise<BackendProduct[]>;
  /** The caller's deposit of a purchase id (a payment intent id); null while none is recorded. */
  purchase(idToken: string, purchaseId: string): Promise<BackendPurchase | null>;
}

const meData: z.ZodType<MeQuery> = z.object({
  me: z.object({ id: z.number().int(), balance: z.number().int(), hasActiveSubscription: z.boolean() }),
});

const purchaseData: z.ZodType<MyPurchaseQuery> = z.object({
  me: z.object({
    purchase: z.object({ purchaseId: z.string(), cancelled: z.boolean() }).nullable(),
  }),
});

const productsData: z.ZodType<Pick<CurrentConsumableProductsQuery, "currentConsumableProducts">> = z.object({
  currentConsumableProducts: z.array(
    z.object({
      productId: z.string().min(1),
      store: z.enum(["ANDROID_STORE", "IOS_STORE", "WEB"]),
      coinCount: z.number().int().nonnegative(),
      subscriptionBonusRate: z.number().nonnegative(),
      position: z.number().int(),
      appliedAt: z.string(),
    }),
  ),
});

const graphqlResponse = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(z.object({ message: z.string(), extensions: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
});

/** The backend's GraphQL endpoint ({API_URL}/graphql), reached inside this Worker. */
export class GraphqlStoreBackend implements StoreBackend {
  constructor(
    private readonly endpoint: string,
    private readonly fetcher: Fetcher,
  ) {}

  async me(idToken: string): Promise<BackendMe> {
    return (await this.query(MeDocument, {}, meData, idToken)).me;
  }

  async purchase(idToken: string, purchaseId: string): Promise<BackendPurchase | null> {
    return (await this.query(MyPurchaseDocument, { purchaseId }, purchaseData, idToken)).me.purchase;
  }

  async webProducts(): Promise<BackendProduct[]> {
    const { currentConsumableProducts } = await this.query(
      CurrentConsumableProductsDocument,
      { store: "WEB" },
      productsData,
    );
    return currentConsumableProducts.map(({ productId, coinCount, subscriptionBonusRate }) => ({
      productId,
      coinCount,
      subscriptionBonusRate,
    }));
  }

  /** One operation of src/graphql/operations (types generated from the backend schema). */
  private async query<T, V>(
    document: TypedDocumentNode<T, V>,
    variables: V,
    data: z.ZodType<T>,
    idToken?: string,
  ): Promise<T> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (idToken) headers.authorization = `Bearer ${idToken}`;
    let response: Response;
    try {
      response = await this.fetcher(
        new Request(this.endpoint, {
          method: "POST",
          headers,
          body: JSON.stringify({ query: print(document), variables }),
        }),
      );
    } catch (error) {
      throw unavailable("unreachable", error);
    }
    const parsed = graphqlResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable(`answered ${response.status} without a GraphQL body`);
    const codes = (parsed.data.errors ?? []).map((e) => String(e.extensions?.code ?? ""));
    if (response.status === 401 || codes.includes("UNAUTHENTICATED")) {
      throw new ApiError(401, "unauthenticated", "The backend did not accept the ID token; sign in again.");
    }
    if (parsed.data.errors?.length) throw unavailable(`answered errors (${codes.join(", ") || "no code"})`);
    const result = data.safeParse(parsed.data.data);
    if (!result.success) throw unavailable("answered data of an unexpected shape");
    return result.data;
  }
}

function unavailable(reason: string, error?: unknown): ApiError {
  currentLog().error("backend GraphQL failed", {
    reason,
    ...(error instanceof Error ? { error: `${error.name}: ${error.message}` } : {}),
  });
  return new ApiError(503, "backend_unavailable", "The coin service is not available right now. Please try again.");
}

export function graphqlBackendFor(_env: Env, config: Config): StoreBackend {
  return new GraphqlStoreBackend(urlFor(config.apps.backend, "/graphql"), loopbackFetcher(config));
}
