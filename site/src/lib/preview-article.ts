import type { PreviewArticle } from '@app/shared/schemas';

/**
 * A preview link's article (issue 36), asked of the API by the preview page. Null — the page's
 * 404 — for a link the API does not accept: any 4xx (a wrong, expired, revoked or malformed token,
 * an article that is gone; issue 47 #4), or an API that cannot be reached. An API that fails (5xx)
 * is the page's error, not a missing preview.
 */
export async function readPreviewArticle(apiUrl: string, id: string, token: string): Promise<PreviewArticle | null> {
  if (!/^\d{1,12}$/.test(id) || !token) return null;
  const res = await fetch(`${apiUrl}/api/preview/articles/${id}?token=${encodeURIComponent(token)}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (!res) return null;
  if (res.ok) return (await res.json()) as PreviewArticle;
  await res.body?.cancel();
  if (res.status < 500) return null;
  throw new Error(`The API answered ${res.status} for a preview`);
}
