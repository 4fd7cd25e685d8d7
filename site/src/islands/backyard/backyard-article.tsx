import { useEffect, useState } from 'react';
import { api, ApiError, BACKYARD_PATH, BACKYARD_SKELETON_MS, errorMessage, type BackyardArticle as Article } from '@app/shared/browser';

/**
 * A backyard article's body (spec 02 §2): a skeleton while it loads — for BACKYARD_SKELETON_MS at
 * most (spec 02 §9), then it says it is still loading; no wait is added when the body comes sooner.
 * The API gives the body to Pro and above only; an unknown slug goes back to the list.
 */
export default function BackyardArticle({ slug }: { slug: string }) {
  const [article, setArticle] = useState<Article | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), BACKYARD_SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    api.get<Article>(`/api/backyard/${encodeURIComponent(slug)}`).then(
      (a) => {
        setArticle(a);
        document.title = document.title.replace(/^[^|·]*/, `${a.title} `);
      },
      (err: unknown) => {
        const status = err instanceof ApiError ? err.status : 0;
        if (status === 404) window.location.replace(BACKYARD_PATH);
        else if (status === 403) window.location.replace('/membership');
        else if (status === 401) window.location.replace(`/auth?redirect=${encodeURIComponent(window.location.pathname)}`);
        else setFailed(errorMessage(err, 'The article could not be loaded. Please try again.'));
      },
    );
  }, [slug]);

  if (failed) return <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">{failed}</p>;
  if (!article) {
    return (
      <div aria-busy="true" aria-label="Loading article" className="space-y-4" data-testid="backyard-skeleton">
        <div className="h-9 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="aspect-video w-full animate-pulse rounded-xl bg-slate-200" />
        {[100, 94, 97, 70].map((w) => <div key={w} className="h-4 animate-pulse rounded bg-slate-200" style={{ width: `${w}%` }} />)}
        {slow && <p className="text-sm text-slate-500">Still loading the article…</p>}
      </div>
    );
  }
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{article.title}</h1>
      {article.timeNeeded && <p className="mt-2 text-sm font-medium uppercase tracking-wide text-slate-500">{article.timeNeeded}</p>}
      {article.thumbnail && <img src={article.thumbnail} alt="" width="1200" height="675" className="mt-6 aspect-video w-full rounded-xl object-cover" />}
      <p className="mt-6 text-lg text-slate-700">{article.summary}</p>
      <div className="prose-article mt-6" dangerouslySetInnerHTML={{ __html: article.content }} />
    </>
  );
}
