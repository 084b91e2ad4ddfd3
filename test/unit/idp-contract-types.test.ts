import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { ProviderAnswer, ProviderRequest } from "../../browser/pages/login/provider-requests";
import type { customTokenRequest } from "../../browser/sign-in/custom-token";
import type { RefreshForm } from "../../browser/sign-in/refresh-token";
import type { IdentityToolkitCalls } from "../../src/idp/identity-toolkit-types";
import type { signInAnswerSchema } from "../../src/idp/rest-client";
import type { DEV_IDP_REQUESTS } from "../../workers/dev-idp/request-schemas";

// Type-level contract tests (tsc checks this file in `npm run typecheck`): the clients' and the
// dev IdP's shapes against the types generated from Google's Identity Toolkit v1 document.

/** The fields of A that B lacks (never when A's fields are all B's). */
type Foreign<A, B> = Exclude<keyof A, keyof B>;
type DevIdpCall = keyof typeof DEV_IDP_REQUESTS;

describe("the contract's types hold every call to the identity provider", () => {
  it("refuse a request field the contract lacks and a missing required one", () => {
    // @ts-expect-error the contract has no `rememberMe`
    const extra: ProviderRequest<"signInWithPassword"> = { email: "a", password: "b", rememberMe: true };
    // @ts-expect-error the contract's `password` is required
    const missing: ProviderRequest<"signInWithPassword"> = { email: "a" };
    expectTypeOf(extra).toEqualTypeOf<ProviderRequest<"signInWithPassword">>();
    expectTypeOf(missing).toEqualTypeOf<ProviderRequest<"signInWithPassword">>();
  });

  it("give each answer only the contract's fields: the custom-token exchange names no localId", () => {
    expectTypeOf<ProviderAnswer<"signInWithCustomToken">>().not.toHaveProperty("localId");
    expectTypeOf<ProviderAnswer<"signInWithPassword">>().toHaveProperty("localId");
    expectTypeOf<ProviderAnswer<"signInWithIdp">>().toHaveProperty("needConfirmation");
  });

  it("the adapter reads only the exchange's answer fields and sends its request", () => {
    type Exchange = IdentityToolkitCalls["signInWithCustomToken"];
    expectTypeOf<Foreign<z.input<typeof signInAnswerSchema>, Exchange["response"]>>().toEqualTypeOf<never>();
    expectTypeOf<ReturnType<typeof customTokenRequest>>().toEqualTypeOf<Exchange["request"]>();
  });

  it("the refresh form is the contract's request fields by their proto names", () => {
    expectTypeOf<keyof RefreshForm>().toEqualTypeOf<"grant_type" | "refresh_token" | "code">();
  });

  it("the dev IdP's request schemas take no field the contract lacks, each of the contract's type", () => {
    type Accepted<C extends DevIdpCall> = z.output<(typeof DEV_IDP_REQUESTS)[C]>;
    type Extra = { [C in DevIdpCall]: Foreign<Accepted<C>, IdentityToolkitCalls[C]["request"]> }[DevIdpCall];
    expectTypeOf<Extra>().toEqualTypeOf<never>();
    type Mismatched = {
      [C in DevIdpCall]: Accepted<C> extends Partial<IdentityToolkitCalls[C]["request"]> ? never : C;
    }[DevIdpCall];
    expectTypeOf<Mismatched>().toEqualTypeOf<never>();
  });
});
