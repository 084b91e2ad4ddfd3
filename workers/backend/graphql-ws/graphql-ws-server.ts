import { type DocumentNode, type ExecutionArgs, GraphQLError, getOperationAST } from "graphql";
import { type Server as GraphqlWsServer, makeServer } from "graphql-ws";
import type { PublishPrincipalsPort } from "../../../src/app-ports/publish-principals";
import type { IdentityProvider } from "../../../src/idp/identity-provider";
import type { RequestUser } from "../auth";
import { type BackendYoga, backendContextFor } from "../graphql-server";
import { connectionUser } from "./connection-user";

/**
 * Operations one connection may have running at once. An app needs one (the balance
 * subscription); each subscription holds a socket to the user's Balance Durable Object, and a
 * Worker invocation keeps at most six connections open at a time.
 */
export const MAX_OPERATIONS_PER_CONNECTION = 5;

/** What a connection needs from its Worker request. */
export interface ConnectionDeps {
  yoga: BackendYoga;
  env: Env;
  idp: IdentityProvider;
  /** Whom a publish principal acts for (the sign-in service's port). */
  principals: PublishPrincipalsPort;
  /** The upgrade request (yoga's plugins see it as the operation's request). */
  request: Request;
}

type Enveloped = ReturnType<BackendYoga["getEnveloped"]>;

/** What graphql-ws hands every hook of a connection as `ctx.extra`. */
export interface ConnectionExtra {
  /** Closes the socket with a code of our choosing (the first close wins). */
  close(code: number, reason: string): void;
}

/**
 * The GraphQL over WebSocket protocol (`graphql-transport-ws`) for one connection: graphql-ws's
 * own `makeServer` speaks it (ack, ping, subscribe, next, error, complete and every close code);
 * this supplies who the caller is (`connection_init`, see connection-user.ts) and runs each
 * operation through yoga's envelop, as yoga documents for graphql-ws, so the schema, resolvers and
 * error masking are those of the HTTP route.
 */
export function graphqlWsServer(deps: ConnectionDeps): GraphqlWsServer<ConnectionExtra> {
  let user: RequestUser | null = null;
  const running = new Map<string, AbortController>();
  const envelopes = new WeakMap<object, Enveloped>();
  const envelopeOf = (args: ExecutionArgs): Enveloped => {
    const enveloped = envelopes.get(args.contextValue as object);
    if (!enveloped) throw new Error("an operation reached execution without onSubscribe");
    return enveloped;
  };
  const stop = (id: string) => {
    running.get(id)?.abort();
    running.delete(id);
  };

  return makeServer<Record<string, unknown> | undefined, ConnectionExtra>({
    onConnect: async (ctx) => {
      const verdict = await connectionUser(ctx.connectionParams, deps.idp, deps.principals);
      if ("refused" in verdict) {
        // graphql-ws closes a refused connection with 4403; an unauthenticated one is 4401.
        ctx.extra.close(verdict.refused.code, verdict.refused.reason);
        return false;
      }
      user = verdict.user;
      return true;
    },
    onSubscribe: async (_ctx, id, params) => {
      if (running.size >= MAX_OPERATIONS_PER_CONNECTION) {
        return [
          new GraphQLError(`At most ${MAX_OPERATIONS_PER_CONNECTION} operations run at once on one connection.`, {
            extensions: { code: "TOO_MANY_OPERATIONS" },
          }),
        ];
      }
      const controller = new AbortController();
      const enveloped = deps.yoga.getEnveloped({
        backend: backendContextFor(deps.env, user),
        request: deps.request,
        params,
        signal: controller.signal,
      });
      let document: DocumentNode;
      try {
        document = enveloped.parse(params.query);
      } catch (error) {
        if (error instanceof GraphQLError) return [error];
        throw error;
      }
      const errors = enveloped.validate(enveloped.schema, document);
      if (errors.length > 0) return [...errors];
      if (!getOperationAST(document, params.operationName)) {
        return [new GraphQLError("Name the operation to run: operationName matches none of the document's.")];
      }
      const contextValue = await enveloped.contextFactory();
      envelopes.set(contextValue, enveloped);
      running.set(id, controller);
      return {
        schema: enveloped.schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue,
      };
    },
    execute: (args) => envelopeOf(args).execute(args),
    subscribe: (args) => envelopeOf(args).subscribe(args),
    onOperation: (_ctx, id, _params, _args, result) => {
      const controller = running.get(id);
      if (controller && isAsyncIterable(result)) return abortingOnReturn(result, controller);
      return undefined;
    },
    onComplete: (_ctx, id) => stop(id),
    onClose: () => {
      for (const id of [...running.keys()]) stop(id);
    },
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/**
 * The operation's results, where `return()` (graphql-ws calls it on the client's `complete` and
 * on close) first aborts the operation's signal. An async generator waiting for its next balance
 * would otherwise take the return only after that balance arrived; the abort closes its channel
 * now, so it ends at once.
 */
function abortingOnReturn<T>(results: AsyncIterable<T>, controller: AbortController): AsyncIterableIterator<T> {
  const iterator = results[Symbol.asyncIterator]();
  const wrapped: AsyncIterableIterator<T> = {
    next: () => iterator.next(),
    return: async (value?: unknown) => {
      controller.abort();
      return (await iterator.return?.(value)) ?? { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => wrapped,
  };
  return wrapped;
}
