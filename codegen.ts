import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * `npm run gen:graphql`: types from the backend schema (src/graphql/schema.ts). Resolvers of the
 * backend are typed with resolvers.ts; a client (the store server) writes its operations in
 * `*.graphql` files under its folder and gets TypedDocumentNodes in its generated folder.
 */
const config: CodegenConfig = {
  schema: "src/graphql/schema.ts",
  generates: {
    "src/graphql/generated/resolvers.ts": {
      plugins: ["typescript", "typescript-resolvers"],
      config: {
        useTypeImports: true,
        contextType: "../context#GraphQLContext",
        mappers: { Me: "../models#MeParent" },
        enumsAsTypes: true,
        avoidOptionals: { field: true },
      },
    },
    "src/graphql/generated/operations.ts": {
      documents: ["src/graphql/operations/*.graphql"],
      plugins: ["typescript-operations", "typed-document-node"],
      config: { useTypeImports: true, enumsAsTypes: true },
    },
  },
  hooks: { afterAllFileWrite: ["biome format --write"] },
};

export default config;
