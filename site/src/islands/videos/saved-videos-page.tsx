import { errorMessage, SAVED_LIST_TEXT, type SavedList } from '@app/shared/browser';
import { invalidateKeys } from '../../lib/queries';
import { useSavedVideos } from '../../stores/saved-videos';
import { SaveButtons } from './save-buttons';
import { VideoCard } from './video-card';

/** /favorites and /watch-later: the member's saved videos, each linking to its page; removing works in place. */
export default function SavedVideosPage({ list }: { list: SavedList }) {
  const saved = useSavedVideos();
  const { data, error } = list === 'favorites' ? saved.favorites : saved.watchLater;
  const text = SAVED_LIST_TEXT[list];
  if (error) {
    return (
      <div className="card p-6 text-center" role="alert">
        <p className="text-red-700">{errorMessage(error, text.fetchFailed)}</p>
        <button type="button" className="btn-outline mt-3" onClick={() => void invalidateKeys(`/api/${list}`)}>Retry</button>
      </div>
    );
  }
  if (!data) return <p className="text-slate-600">Loading videos...</p>;
  if (data.length === 0) {
    return (
      <div className="card p-10 text-center">
        <h2 className="text-lg font-semibold text-slate-900">{text.empty}</h2>
        <p className="mt-2 text-slate-600">{list === 'favorites' ? 'Tap the heart on any video to keep it here.' : 'Save videos for later and find them here.'}</p>
        <a href="/videos" className="btn-primary mt-5">Browse Videos</a>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((v) => <VideoCard key={v.id} video={v} href={`/videos/${v.id}`} external={false} actions={<SaveButtons video={v} saved={saved} />} />)}
    </ul>
  );
}
