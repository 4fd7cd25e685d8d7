import { nanoquery } from '@nanostores/query';
import { computed, type ReadableAtom } from 'nanostores';
import { api, urlOf, type AnswerOf, type Endpoint } from '@app/shared/browser';

/**
 * The islands' one data layer. Every read goes through a fetcher store keyed by its URL (the
 * parts are joined), so loading and error state, de-duplication and caching are written once;
 * a write invalidates the keys it changed and every island showing them reloads. Errors are the
 * shared client's ApiError (show them with `errorMessage`).
 */
/** The cache behind every fetcher store (component tests clear it between tests). */
export const queryCache = new Map();

export const [createFetcherStore, , { invalidateKeys, mutateCache }] = nanoquery({
  cache: queryCache,
  fetcher: (...parts) => api.get(parts.join('')),
  // Member data changes under the member's own hands; no background refetching.
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

type KeyPart = string | ReadableAtom<string | null>;

/**
 * A fetcher store for an endpoint's answer, typed by the endpoint (@app/shared's endpoints). Its
 * key is the endpoint's URL, then `query` (e.g. `?page=2`, or a store of it); an endpoint with
 * parameters takes them from `params`, and fetches nothing while that store holds null.
 */
export function endpointStore<E extends Endpoint>(endpoint: E, key: { params?: ReadableAtom<Record<string, string | number> | null>; query?: KeyPart } = {}) {
  const url: KeyPart = key.params ? computed(key.params, (params) => (params === null ? null : urlOf(endpoint, params))) : urlOf(endpoint);
  return createFetcherStore<AnswerOf<E>>(key.query === undefined ? [url] : [url, key.query]);
}
