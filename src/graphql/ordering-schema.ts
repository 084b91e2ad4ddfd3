/**
 * The ordering operation of document 2 (reorderXxx mutations), merged into the backend schema
 * beside src/graphql/schema.ts (workers/backend/routes/graphql.ts, codegen.ts).
 *
 * Errors (extensions.code): UNAUTHENTICATED (no ID token), FORBIDDEN (no permission on the
 * parent, checked first), NOT_FOUND (no such parent), BAD_USER_INPUT (the ids are not exactly the
 * parent's current items: extensions.missing, .unknown, .duplicates). A refused reorder changes
 * nothing.
 */
export const orderingTypeDefs = /* GraphQL */ `
  "A store's list of products: the parent of the store's product order."
  type ProductList {
    id: Int!
    store: Store!
    "The store's current products in list order (position asc, id asc)."
    products: [ConsumableProduct!]!
  }

  extend type ConsumableProduct {
    "The product's id (its first revision's id; stable across price revisions). Used by reorderConsumableProducts."
    id: Int!
  }

  "A published revision of a scenario, as its admins list it."
  type ScenarioRevision {
    id: ID!
    name: String
    "Place in the scenario's list (position asc, id asc)."
    position: Int!
  }

  "Variant A: the full new order of a parent's items."
  input ReorderConsumableProductsInput {
    "ProductList.id"
    parentId: Int!
    "Every current product of the list (ConsumableProduct.id), each once, in the new order."
    itemIds: [Int!]!
  }

  "Variant B: the full new order of a parent's items."
  input ReorderScenarioRevisionsInput {
    "Every revision of the scenario, each once, in the new order."
    ids: [ID!]!
    "The scenario id."
    parentId: ID!
  }

  type ReorderScenarioRevisionsPayload {
    succeeded: Boolean!
  }

  extend type Query {
    "The product list of a store (its id is the parentId of reorderConsumableProducts)."
    productList(store: Store!): ProductList!
    "A scenario's revisions in list order. Requires the admin role on the scenario (its owner, or a platform admin)."
    scenarioRevisions(scenarioId: ID!): [ScenarioRevision!]!
  }

  type Mutation {
    """
    Variant A: replaces the order of a store's products (item at index i gets position i) and
    returns them in the new order. Requires a platform admin (ID-token claim admin).
    """
    reorderConsumableProducts(input: ReorderConsumableProductsInput!): [ConsumableProduct!]!
    """
    Variant B: replaces the order of a scenario's revisions. Requires the admin role on the
    scenario: its owner, or a platform admin.
    """
    reorderScenarioRevisions(input: ReorderScenarioRevisionsInput!): ReorderScenarioRevisionsPayload!
  }
`;
