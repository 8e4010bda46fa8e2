// Exact request types for the client: a body or parameter the contract does not name is a compile error, not a 400.
import type { Client, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './generated/contract.js';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/** Every key of every member of a union (keyof a union keeps only the shared ones). */
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/** The types `K` has in the members of a union that have it. */
type ValueOfUnion<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ElementOf<T> = T extends readonly (infer E)[] ? E : never;

/**
 * `T` with every key that `Shape` (any member of it, at any depth) does not name turned into `never`, so a value with such a
 * key fails to compile: `{texts, max_prediction: 1}` against the inference body. Maps (`additionalProperties`) accept any key.
 */
export type NoExtraKeys<Shape, T> = unknown extends T
  ? T
  : T extends Primitive
    ? T
    : T extends readonly unknown[]
      ? { [I in keyof T]: NoExtraKeys<ElementOf<NonNullable<Shape>>, T[I]> }
      : {
          [K in keyof T]: K extends KeysOfUnion<NonNullable<Shape>>
            ? NoExtraKeys<ValueOfUnion<NonNullable<Shape>, K>, T[K]>
            : never;
        };

type Field<Init, Name extends PropertyKey> = Init extends { [K in Name]?: infer V } ? V : never;

/** The body and parameters of `Init` held to what the operation's `Allowed` init names. */
type Exactly<Init, Allowed> = {
  body?: NoExtraKeys<Field<NonNullable<Allowed>, 'body'>, Field<Init, 'body'>>;
  params?: NoExtraKeys<Field<NonNullable<Allowed>, 'params'>, Field<Init, 'params'>>;
};

type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** openapi-fetch's init parameter (optional when nothing in it is required; fetch options may ride along), made exact. */
type ExactInitParam<Init, Allowed> =
  RequiredKeysOf<Init> extends never
    ? [(Init & Exactly<Init, Allowed> & { [key: string]: unknown })?]
    : [Init & Exactly<Init, Allowed> & { [key: string]: unknown }];

type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** One method of the client: openapi-fetch's, with exact bodies and parameters. */
export type ExactMethod<M extends HttpMethod> = <P extends PathsWith<M>, Init extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: ExactInitParam<Init, MaybeOptionalInit<paths[P], M>>
) => Promise<FetchResponse<paths[P][M] & Record<string | number, unknown>, Init, `${string}/${string}`>>;

/** The client: `client.POST('/v2/models/{model_id}/inference', …)` resolves to `{data} | {error}`; unknown request fields do not compile. */
export type TextclassClient = Omit<Client<paths>, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'> & {
  GET: ExactMethod<'get'>;
  PUT: ExactMethod<'put'>;
  POST: ExactMethod<'post'>;
  DELETE: ExactMethod<'delete'>;
  PATCH: ExactMethod<'patch'>;
};
