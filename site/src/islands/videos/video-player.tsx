import { useEffect, useState } from 'react';
import { api, embedUrl, errorMessage, tierLabel, videoThumbnail } from '@app/shared/browser';
import type { Video, VideoDetail } from '@app/shared/schemas';
import { useSavedVideos } from '../../stores/saved-videos';
import { SaveButtons } from './save-buttons';

/**
 * A video's player on its page: the privacy-enhanced embed loads only after a click. A gated
 * video's player comes from the API for members of its tier (like an article's body); others see
 * what it takes to watch.
 */
export default function VideoPlayer({ video }: { video: Video }) {
  const saved = useSavedVideos();
  const [detail, setDetail] = useState<VideoDetail | null>(video.externalId ? { ...video, locked: false } : null);
  const [failed, setFailed] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (video.externalId || saved.user === undefined) return;
    api.get<VideoDetail>(`/api/youtube/videos/${video.id}`).then(setDetail, (err: unknown) => setFailed(errorMessage(err, 'Error loading videos. Please try again later.')));
  }, [video.id, video.externalId, saved.user]);

  const picture = <img src={videoThumbnail(video)} alt="" width="1200" height="675" className="aspect-video w-full bg-slate-100 object-cover" />;
  let stage;
  if (playing && detail?.externalId) {
    stage = <iframe src={embedUrl(detail.externalId)} title={video.title} className="aspect-video w-full" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />;
  } else if (detail && !detail.locked && detail.externalId) {
    stage = (
      <button type="button" onClick={() => setPlaying(true)} className="group relative block w-full" aria-label={`Play ${video.title}`}>
        {picture}
        {/* One play mark, a disc over the picture's middle third: it covers any mark the picture carries itself (the seeded thumbnails draw one). */}
        <span className="absolute inset-0 flex items-center justify-center bg-slate-900/30 group-hover:bg-slate-900/45">
          <span className="flex aspect-square h-[38%] min-h-16 items-center justify-center rounded-full bg-white shadow-lg" aria-hidden="true" data-play-mark>
            <svg viewBox="0 0 24 24" className="ml-[6%] h-2/5 w-2/5 fill-brand-700"><path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z" /></svg>
          </span>
        </span>
      </button>
    );
  } else if (detail?.locked || (saved.user === null && !video.externalId)) {
    stage = (
      <div className="relative">
        {picture}
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/70 p-6 text-center text-white">
          <p className="text-lg font-semibold">This video is for {tierLabel(video.membershipRequired)} members.</p>
          <a href={saved.user ? '/membership' : `/auth?redirect=${encodeURIComponent(`/videos/${video.id}`)}`} className="btn-primary">{saved.user ? 'Upgrade Membership' : 'Sign In'}</a>
        </div>
      </div>
    );
  } else {
    stage = <div className="relative">{picture}{failed && <p role="alert" className="absolute inset-x-0 bottom-0 bg-red-700/90 p-3 text-sm text-white">{failed}</p>}</div>;
  }
  return (
    <div>
      <div className="overflow-hidden rounded-xl bg-slate-900">{stage}</div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <SaveButtons video={video} saved={saved} />
        {detail?.videoUrl && <a href={detail.videoUrl} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-brand-700 hover:underline">Watch on YouTube</a>}
      </div>
    </div>
  );
}
