import { useEffect, useMemo, useState } from 'react';
import { api, can, matchesVideo, viewerOf } from '@app/shared/browser';
import type { Video } from '@app/shared/schemas';
import { syncYouTubeVideos } from '../../lib/youtube-sync';
import { useSavedVideos } from '../../stores/saved-videos';
import { SaveButtons } from './save-buttons';
import { VideoCard } from './video-card';

/**
 * /videos: search in the page (no request per keystroke), the grid with saved-video toggles, and
 * the admin's Sync YouTube Videos button. The grid is the build's list (the public view, the same
 * content version as /api); members' lists are read from the API for their tier's gated players.
 */
export default function VideoGrid({ initial }: { initial: Video[] }) {
  const [videos, setVideos] = useState(initial);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [syncing, setSyncing] = useState(false);
  const saved = useSavedVideos();
  const mayAdminister = can(viewerOf(saved.user ?? null), 'administer');

  async function reload() {
    try {
      setVideos(await api.get<Video[]>('/api/youtube/videos'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }
  useEffect(() => {
    if (saved.user) void reload();
  }, [saved.user]);

  async function sync() {
    setSyncing(true);
    if (await syncYouTubeVideos()) await reload();
    setSyncing(false);
  }

  const shown = useMemo(() => videos.filter((v) => matchesVideo(v, query)), [videos, query]);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="w-full max-w-md">
          <label htmlFor="video-search" className="sr-only">Search videos</label>
          <input id="video-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search videos..." maxLength={200}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        </div>
        {mayAdminister && <button type="button" className="btn-primary" disabled={syncing} onClick={() => void sync()}>{syncing ? 'Syncing...' : 'Sync YouTube Videos'}</button>}
      </div>
      {failed && <p role="alert" className="mt-4 text-sm text-red-700">Error loading videos. Please try again later.</p>}
      {shown.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-slate-600">No videos found matching your search criteria.</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((v) => (
            <VideoCard key={v.id} video={v} href={v.videoUrl ?? `/videos/${v.id}`} external={Boolean(v.videoUrl)} actions={<SaveButtons video={v} saved={saved} />} />
          ))}
        </ul>
      )}
    </div>
  );
}
