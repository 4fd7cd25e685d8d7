// One API call as both sides see it: its method, its path and the answer it sends (a type only, so
// this ships to the browser without zod). The API registers its route from it and its answer is
// checked against the type; an island builds the URL from it and reads the answer as that type.
// Bodies and queries keep their zod schemas in '@app/shared/schemas', which the routes parse with.

import { apiRequest, type RequestOptions } from './api-client.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

declare const answerType: unique symbol;

export type Endpoint<Answer = unknown> = {
  readonly method: Method;
  /** The browser's path, `/api/…`, with `:name` for each parameter. */
  readonly path: string;
  /** Never set at run time: it carries the answer's type. */
  readonly [answerType]?: Answer;
};

/** What an endpoint answers (204 answers: `void`). */
export type AnswerOf<E> = E extends Endpoint<infer A> ? A : never;

const endpoint = <Answer>(method: Method, path: string): Endpoint<Answer> => ({ method, path });
export const getEndpoint = <Answer>(path: string) => endpoint<Answer>('GET', path);
export const postEndpoint = <Answer>(path: string) => endpoint<Answer>('POST', path);
export const putEndpoint = <Answer>(path: string) => endpoint<Answer>('PUT', path);
export const deleteEndpoint = <Answer>(path: string) => endpoint<Answer>('DELETE', path);

/** The endpoint's URL with its parameters filled in (`{ id: 7 }` for `:id`). */
export function urlOf(e: Endpoint, params: Record<string, string | number> = {}): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path} needs its :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Calls an endpoint with its path's parameters, a query string (`?…`) and a body; the answer has the endpoint's type. */
export function callEndpoint<E extends Endpoint>(e: E, call: { params?: Record<string, string | number>; query?: string; body?: unknown; options?: RequestOptions } = {}): Promise<AnswerOf<E>> {
  return apiRequest<AnswerOf<E>>(e.method, urlOf(e, call.params) + (call.query ?? ''), call.body, call.options);
}
