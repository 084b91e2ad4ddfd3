import type Stripe from "stripe";

/*
 * Type-level checks of the payment stand-in against the pinned stripe package: each type below is
 * `never` when the contract holds, and otherwise a union of sentences naming what breaks it, which
 * `tsc` prints when a test expects `never` (test/workers/payments-stand-in-contract.test.ts).
 */

/** The keys of T that are not optional: Stripe always sends them (null where the type allows). */
export type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];

type Known<T> = T extends string ? (string extends T ? never : T) : never;
/**
 * An open enum of the package (`'a' | 'b' | OtherString`, where OtherString lets any string
 * through) as its named members; any other type as it is.
 */
type Closed<T> = [Known<T>] extends [never] ? T : Known<T> | Exclude<T, string>;

/**
 * A resource or params type as the JSON carries it, and as strictly as the API documents it:
 * decimals are strings (the package reads them into its Decimal), and enums only their named
 * values.
 */
export type Wire<T> = WireMember<Closed<T>>;
type WireMember<T> = T extends Stripe.Decimal
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

type ObjectPart<P> = Extract<NonNullable<P>, object>;
type ItemOf<P> = Extract<NonNullable<P>, readonly unknown[]> extends readonly (infer Item)[] ? Item : never;
type Join<Path extends string, K extends string> = Path extends "" ? K : `${Path}[${K}]`;

/**
 * The parameters in T, with Stripe's spelling of their path (`line_items[][tax]`), that the
 * params type P does not have, however deep.
 */
export type UnknownParams<T, P, Path extends string = ""> = [NonNullable<T>] extends [readonly (infer Item)[]]
  ? UnknownParams<Item, ItemOf<P>, `${Path}[]`>
  : [NonNullable<T>] extends [object]
    ? [ObjectPart<P>] extends [never]
      ? Path
      : {
          [K in keyof NonNullable<T> & string]-?: [NonNullable<T>[K]] extends [never]
            ? never // an empty schema's index signature: it takes nothing
            : K extends keyof ObjectPart<P>
              ? UnknownParams<NonNullable<T>[K], ObjectPart<P>[K], Join<Path, K>>
              : Join<Path, K>;
        }[keyof NonNullable<T> & string]
    : never;

type ValuesOutside<T, P> = {
  [K in keyof T & keyof P]-?: [T[K]] extends [P[K]] ? never : K;
}[keyof T & keyof P];

/**
 * What an endpoint's accepted parameters (its schema's output) break of the pinned version's
 * params type: a parameter the type lacks, or a value it does not allow.
 */
export type ParamProblems<Accepted, Params> =
  | `takes ${UnknownParams<Accepted, Params> & string}, which the pinned params type lacks`
  | `takes ${ValuesOutside<Accepted, Wire<Params>> & string} with values the pinned params type does not allow`;

/**
 * What an answer of the stand-in breaks of the pinned version's resource type: a field the
 * resource lacks, a value of another type, a field the platform reads (`Read`) left out, or a
 * field the resource requires left out without being named in `NotModelled`.
 */
export type AnswerProblems<Answer, Resource, Read extends PropertyKey, NotModelled extends PropertyKey = never> =
  | `answers ${Exclude<keyof Answer, keyof Resource> & string}, which the resource lacks`
  | `answers ${ValuesOutside<Answer, Wire<Resource>> & string} with a type the resource does not allow`
  | `lacks ${Exclude<Read, keyof Answer> & string}, which the platform reads`
  | `lacks ${Exclude<RequiredKeys<Resource>, keyof Answer | NotModelled> & string}, which the resource requires`
  | `lists ${Extract<NotModelled, keyof Answer> & string} as not modelled, yet answers it`
  | `lists ${Exclude<NotModelled, RequiredKeys<Resource>> & string} as not modelled, yet the resource does not require it`;
