/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends " $fragmentName" | "__typename" ? T[P] : never };

import type { TypedDocumentNode as DocumentNode } from "@graphql-typed-document-node/core";
/**
 * Where a product is sold. WEB is the browser coin store (document 2); the app stores keep their
 * own products.
 */
export type Store = "ANDROID_STORE" | "IOS_STORE" | "WEB";

export type MeQueryVariables = Exact<{ [key: string]: never }>;

export type MeQuery = { me: { id: number; balance: number; hasActiveSubscription: boolean } };

export type CurrentConsumableProductsQueryVariables = Exact<{
  store: Store;
}>;

export type CurrentConsumableProductsQuery = {
  currentConsumableProducts: Array<{
    productId: string;
    store: Store;
    coinCount: number;
    subscriptionBonusRate: number;
    position: number;
    appliedAt: string;
  }>;
};

export type CurrentUserCoinBalanceSubscriptionVariables = Exact<{ [key: string]: never }>;

export type CurrentUserCoinBalanceSubscription = { currentUserCoinBalance: { balance: number; updatedAt: number } };

export type MyPurchaseQueryVariables = Exact<{
  purchaseId: string;
}>;

export type MyPurchaseQuery = { me: { purchase: { purchaseId: string; cancelled: boolean } | null } };

export const MeDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "Me" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "me" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "balance" } },
                { kind: "Field", name: { kind: "Name", value: "hasActiveSubscription" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const CurrentConsumableProductsDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "CurrentConsumableProducts" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "store" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Store" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "currentConsumableProducts" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "store" },
                value: { kind: "Variable", name: { kind: "Name", value: "store" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "productId" } },
                { kind: "Field", name: { kind: "Name", value: "store" } },
                { kind: "Field", name: { kind: "Name", value: "coinCount" } },
                { kind: "Field", name: { kind: "Name", value: "subscriptionBonusRate" } },
                { kind: "Field", name: { kind: "Name", value: "position" } },
                { kind: "Field", name: { kind: "Name", value: "appliedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CurrentConsumableProductsQuery, CurrentConsumableProductsQueryVariables>;
export const CurrentUserCoinBalanceDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "subscription",
      name: { kind: "Name", value: "CurrentUserCoinBalance" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "currentUserCoinBalance" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "balance" } },
                { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CurrentUserCoinBalanceSubscription, CurrentUserCoinBalanceSubscriptionVariables>;
export const MyPurchaseDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "MyPurchase" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "purchaseId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "me" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "purchase" },
                  arguments: [
                    {
                      kind: "Argument",
                      name: { kind: "Name", value: "purchaseId" },
                      value: { kind: "Variable", name: { kind: "Name", value: "purchaseId" } },
                    },
                  ],
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "purchaseId" } },
                      { kind: "Field", name: { kind: "Name", value: "cancelled" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MyPurchaseQuery, MyPurchaseQueryVariables>;
