import { z } from "zod";
import { urlFor } from "../../src/base-url";
import type { Config } from "../../src/config";
import type { BackendProduct } from "../../src/store/catalog";
import { ApiError } from "../shared/errors";
import { currentLog } from "../shared/request-log";
import { type Fetcher, platformFetcher } from "./platform-fetch";

/** The caller as the backend knows them (GraphQL `me`). */
export interface BackendMe {
  /** users.id: what POST /api/checkout compares the body's userId with. */
  id: number;
  balance: number;
  hasActiveSubscription: boolean;
}

/** What the store asks of the main backend (document 2, Rule 5). */
export interface StoreBackend {
  /** `me` with the user's own ID token forwarded. */
  me(idToken: string): Promise<BackendMe>;
  /** currentConsumableProducts(store: WEB). */
  webProducts(): Promise<BackendProduct[]>;
}

export const ME_QUERY = /* GraphQL */ `
  query StoreMe {
    me {
      id
      balance
      hasActiveSubscription
    }
  }
`;

export const WEB_PRODUCTS_QUERY = /* GraphQL */ `
  query StoreWebProducts {
    currentConsumableProducts(store: WEB) {
      productId
      coinCount
      subscriptionBonusRate
    }
  }
`;

const meData = z.object({
  me: z.object({
    id: z.number().int(),
    balance: z.number().int(),
    hasActiveSubscription: z.boolean(),
  }),
});

const productsData = z.object({
  currentConsumableProducts: z.array(
    z.object({
      productId: z.string().min(1),
      coinCount: z.number().int().nonnegative(),
      subscriptionBonusRate: z.number().nonnegative(),
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
    return (await this.query(ME_QUERY, meData, idToken)).me;
  }

  async webProducts(): Promise<BackendProduct[]> {
    return (await this.query(WEB_PRODUCTS_QUERY, productsData)).currentConsumableProducts;
  }

  private async query<T>(query: string, data: z.ZodType<T>, idToken?: string): Promise<T> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (idToken) headers.authorization = `Bearer ${idToken}`;
    let response: Response;
    try {
      response = await this.fetcher(
        new Request(this.endpoint, { method: "POST", headers, body: JSON.stringify({ query }) }),
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
  return new GraphqlStoreBackend(urlFor(config.apps.backend, "/graphql"), platformFetcher(config));
}
