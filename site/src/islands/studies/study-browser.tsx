import { useEffect, useRef, useState } from 'react';
import { api, errorMessage, introVideoEmbed, STUDY_PREMIUM_TIER, tierLabel, type StudyResource, type StudyResourceDetail } from '@app/shared/browser';
import { loadUser, useUser } from '../../stores/session';

type Shown = { resource: StudyResource; detail: StudyResourceDetail | null; error: string | null; playing: boolean };

/**
 * The studies grid and the intro video section below it (spec 02 §2). "Watch Intro Video" opens
 * the section and scrolls to it; the privacy-enhanced player loads only when played. A premium
 * study's video comes from the API for Pro and above; others see a join prompt.
 */
export default function StudyBrowser({ resources }: { resources: StudyResource[] }) {
  const user = useUser();
  const [shown, setShown] = useState<Shown | null>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => void loadUser(), []);
  const shownId = shown?.resource.id;
  useEffect(() => {
    if (shownId !== undefined) section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [shownId]);

  function open(resource: StudyResource) {
    if (!resource.isPremium) {
      setShown({ resource, detail: { ...resource, locked: false, embedUrl: introVideoEmbed(resource.videoUrl) }, error: null, playing: false });
      return;
    }
    setShown({ resource, detail: null, error: null, playing: false });
    api.get<StudyResourceDetail>(`/api/study-resources/${resource.id}`).then(
      (detail) => setShown((s) => (s?.resource.id === resource.id ? { ...s, detail } : s)),
      (err: unknown) => setShown((s) => (s?.resource.id === resource.id ? { ...s, error: errorMessage(err, 'The video could not be loaded. Please try again.') } : s)),
    );
  }

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {resources.map((r) => (
          <li key={r.id} className="card flex flex-col overflow-hidden" data-study={r.id}>
            {r.thumbnail && <img src={r.thumbnail} alt="" width="1200" height="675" loading="lazy" className="aspect-video w-full object-cover" />}
            <div className="flex flex-1 flex-col p-5">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">{r.title}</h2>
                {r.isPremium && <span className="badge shrink-0 bg-amber-100 text-amber-900">{tierLabel(STUDY_PREMIUM_TIER, 'badge')}</span>}
              </div>
              <p className="mt-2 flex-1 text-sm text-slate-600">{r.description}</p>
              <button type="button" onClick={() => open(r)} className="btn-primary mt-4">Watch Intro Video</button>
            </div>
          </li>
        ))}
      </ul>
      {shown && (
        <section ref={section} aria-labelledby="study-video-title" className="card mt-10 scroll-mt-24 p-6" data-testid="study-video">
          <h2 id="study-video-title" className="text-2xl font-bold text-slate-900">{shown.resource.title}</h2>
          <div className="mt-4 overflow-hidden rounded-xl bg-slate-900">
            <Stage shown={shown} signedIn={Boolean(user)} onPlay={() => setShown({ ...shown, playing: true })} />
          </div>
          <p className="mt-4 text-slate-700">{shown.resource.description}</p>
        </section>
      )}
    </>
  );
}

function Stage({ shown, signedIn, onPlay }: { shown: Shown; signedIn: boolean; onPlay: () => void }) {
  const { resource, detail, error, playing } = shown;
  const poster = resource.thumbnail ? <img src={resource.thumbnail} alt="" width="1200" height="675" className="aspect-video w-full object-cover opacity-80" /> : <div className="aspect-video w-full bg-slate-800" />;
  if (error) return <div className="relative">{poster}<p role="alert" className="absolute inset-x-0 bottom-0 bg-red-700/90 p-3 text-sm text-white">{error}</p></div>;
  if (!detail) return <div className="aspect-video w-full animate-pulse bg-slate-800" aria-busy="true" aria-label="Loading video" />;
  if (detail.locked) {
    const tier = tierLabel(STUDY_PREMIUM_TIER);
    return (
      <div className="relative">
        {poster}
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/75 p-6 text-center text-white" data-testid="study-join-prompt">
          <p className="text-lg font-semibold">This study is for {tier} members.</p>
          <p className="text-sm text-slate-200">{signedIn ? `Upgrade to ${tier} to watch the intro video and follow the full study.` : `Sign in or join to watch the intro video with a ${tier} membership.`}</p>
          <a href={signedIn ? '/membership' : '/auth?redirect=%2Fself-help-studies'} className="btn-primary">{signedIn ? `Upgrade to ${tier}` : 'Sign In to Join'}</a>
        </div>
      </div>
    );
  }
  if (!detail.embedUrl) return <div className="relative">{poster}<p className="absolute inset-x-0 bottom-0 bg-slate-900/80 p-3 text-sm text-white">This intro video is coming soon.</p></div>;
  if (playing) return <iframe src={detail.embedUrl} title={`${resource.title}: intro video`} className="aspect-video w-full" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />;
  return (
    <button type="button" onClick={onPlay} className="group relative block w-full" aria-label={`Play the intro video of ${resource.title}`}>
      {poster}
      <span className="absolute inset-0 flex items-center justify-center bg-slate-900/30 group-hover:bg-slate-900/45">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-2xl text-brand-700 shadow-lg" aria-hidden="true">▶</span>
      </span>
    </button>
  );
}
