import { nanoquery } from '@nanostores/query';
import { api } from '@app/shared/browser';

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
