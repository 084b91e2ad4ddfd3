import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { GraphQLError, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * What one GraphQL operation may ask for, checked on its text before anything runs. The clients'
 * largest operation (the ordering page's product list) has 31 tokens, no alias, depth 3 and cost
 * 24; the limits leave room for a few times that and for introspection (163 tokens, not counted
 * in depth and cost). docs/decisions/0119-graphql-operation-limits.md "GraphQL operation limits".
 */
export const OPERATION_LIMITS = {
  /** Lexical tokens of the document: the parser stops at the first one past it. */
  tokens: 500,
  /** Aliased fields (`a1: me`); each alias is another run of its resolver. */
  aliases: 10,
  /** Nested selection sets, inline fragments and spreads included. */
  depth: 5,
  /** graphql-armor's cost: 1 a scalar, 2 an object, times 1.5 per level below the root. */
  cost: 100,
} as const;

/** The request body of POST /graphql (and the longest graphql-ws message, worker-socket.ts). */
export const GRAPHQL_BODY_BYTES = 64 * 1024;

export type OperationLimit = keyof typeof OPERATION_LIMITS;

const LIMIT_CODE = "OPERATION_LIMIT_EXCEEDED";

/**
 * The refusal of an operation past a limit: `extensions.code` OPERATION_LIMIT_EXCEEDED, the limit
 * in `extensions.limit`, and HTTP 400 (over graphql-ws it is the operation's `error` message).
 */
function limitError(limit: OperationLimit, armorMessage: string): GraphQLError {
  return new GraphQLError(armorMessage.replace(/^Syntax Error: /, ""), {
    extensions: { code: LIMIT_CODE, limit, http: { status: 400, spec: false } },
  });
}

/**
 * yoga marks a parse error `spec: true`, which answers it 200 to a client that accepts only
 * application/json (GraphQL over HTTP allows that); a refusal of ours stays 400 for every client.
 */
const refusalsStay400: Plugin = {
  onResultProcess({ result }) {
    if (Symbol.asyncIterator in result) return;
    for (const { errors } of [result].flat()) {
      for (const error of errors ?? []) {
        const http = error.extensions?.http as { spec?: boolean } | undefined;
        if (error.extensions?.code === LIMIT_CODE && http) http.spec = false;
      }
    }
  },
};

/** graphql-armor's callbacks: report the refusal as a validation error (validate answers it, never throws). */
function reported(limit: OperationLimit) {
  return {
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(limitError(limit, error.message)),
    ],
  };
}

/**
 * The limits as envelop plugins (graphql-armor's, one package per limit): the token count on
 * parse, the others as validation rules. yoga runs them for HTTP and server-sent events, and the
 * graphql-ws server runs them through the same `getEnveloped` parse and validate.
 */
export function operationLimitPlugins(): Plugin[] {
  return [
    maxTokensPlugin({
      n: OPERATION_LIMITS.tokens,
      propagateOnRejection: false,
      // Thrown from inside the lexer: parsing ends at the first token past the limit.
      onReject: [
        (_context, error) => {
          throw limitError("tokens", error.message);
        },
      ],
    }),
    maxAliasesPlugin({ n: OPERATION_LIMITS.aliases, ...reported("aliases") }),
    maxDepthPlugin({ n: OPERATION_LIMITS.depth, ...reported("depth") }),
    costLimitPlugin({ maxCost: OPERATION_LIMITS.cost, ...reported("cost") }),
    refusalsStay400,
  ];
}
