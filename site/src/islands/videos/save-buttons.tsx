import type { SavedList } from '@app/shared/browser';
import type { Video } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { toggleSaved, useSavedVideos } from '../../stores/saved-videos';

const LABELS: Record<SavedList, { add: string; remove: string; icon: string }> = {
  favorites: { add: 'Add to favorites', remove: 'Remove from favorites', icon: '♥' },
  'watch-later': { add: 'Add to watch later', remove: 'Remove from watch later', icon: '⏱' },
};

/** The favorite and watch-later toggles of one video; visitors get a sign-in prompt and nothing else. */
export function SaveButtons({ video, saved }: { video: Video; saved: ReturnType<typeof useSavedVideos> }) {
  const { user, lists, busy } = saved;
  return (
    <div className="flex gap-2">
      {(['favorites', 'watch-later'] as const).map((list) => {
        const on = Boolean(lists[list]?.some((v) => v.id === video.id));
        const label = on ? LABELS[list].remove : LABELS[list].add;
        return (
          <button key={list} type="button" aria-pressed={user ? on : undefined} aria-label={`${label}: ${video.title}`} title={label}
            disabled={Boolean(user) && (!lists[list] || busy[`${list}:${video.id}`])}
            onClick={() => (user ? void toggleSaved(list, video) : toast({ title: 'Sign in to save videos', description: 'Favorites and watch later are for members. Sign in or create a free account.' }))}
            className={`inline-flex h-9 items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium transition ${on ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'} disabled:opacity-60`}>
            <span aria-hidden="true">{LABELS[list].icon}</span>
            <span className="hidden sm:inline">{list === 'favorites' ? 'Favorite' : 'Watch later'}</span>
          </button>
        );
      })}
    </div>
  );
}
