import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { offerFor, PAID_CONTENT, type Tier, tierLabel } from '@app/shared/browser';
import type { ArticleDetail } from '@app/shared/schemas';
import { loadUser, useUser } from '../../stores/session';
import { createFetcherStore } from '../../lib/queries';
import InteractiveReader from './interactive-reader';

/**
 * The body of a non-free article: fetched from the API, which returns it only when the viewer's
 * tier allows (DESIGN §3). The static page never contains it.
 */
export default function GatedArticleBody({ id, required }: { id: number; required: Tier }) {
  const $article = useMemo(() => createFetcherStore<ArticleDetail>([`/api/articles/${id}`]), [id]);
  const { data: article, error } = useStore($article);
  const user = useUser();
  useEffect(() => void loadUser(), []);

  if (error) {
    return (
      <div role="alert" className="card p-8 text-center">
        <h2 className="text-xl font-bold text-slate-900">Error Loading Article</h2>
        <p className="mt-2 text-slate-600">The article could not be loaded. It may have been removed or you might not have permission to view it.</p>
        <a href="/articles" className="btn-outline mt-4">Back to Articles</a>
      </div>
    );
  }
  if (!article) {
    return (
      <div aria-busy="true" aria-label="Loading article" className="space-y-3">
        {[100, 92, 96, 70].map((w) => <div key={w} className="h-4 animate-pulse rounded bg-slate-200" style={{ width: `${w}%` }} />)}
      </div>
    );
  }
  if (article.locked || article.content === null) {
    const signedIn = Boolean(user);
    // A tier that is sold is one step away ("Upgrade to Read"); a granted one goes through support.
    const offer = offerFor(user?.membershipTier ?? null, { tier: required });
    return (
      <div className="card border-amber-200 bg-amber-50 p-8 text-center" data-testid="locked-panel">
        <h2 className="text-2xl font-bold text-slate-900">{`This is ${PAID_CONTENT} Content`}</h2>
        <p className="mt-2 text-slate-700">This article requires a {tierLabel(required)} membership to access.</p>
        {signedIn ? (
          <a href="/membership" className="btn-primary mt-5">{offer?.kind === 'upgrade' ? 'Upgrade to Read' : 'Upgrade Membership'}</a>
        ) : (
          <a href={`/auth?redirect=${encodeURIComponent(`/articles/${id}`)}`} className="btn-primary mt-5">Sign In</a>
        )}
      </div>
    );
  }
  return (
    <>
      <div className="prose-article" dangerouslySetInnerHTML={{ __html: article.content }} />
      {article.interactiveData && (
        <div className="mt-10"><InteractiveReader articleId={article.id} data={article.interactiveData} isAmpCompatible={article.isAmpCompatible} /></div>
      )}
    </>
  );
}
