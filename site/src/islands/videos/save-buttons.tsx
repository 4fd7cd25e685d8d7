import type { SavedList } from '@app/shared/browser';
import type { Video } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { toggleSaved, useSavedVideos } from '../../stores/saved-videos';

// A toggle button keeps its name and says whether it is on with aria-pressed; the name starts with
// the word it shows from tablet width up (WCAG 2.5.3, label in name). The tooltip says what a press does.
const LABELS: Record<SavedList, { name: string; add: string; remove: string }> = {
  favorites: { name: 'Favorite', add: 'Add to favorites', remove: 'Remove from favorites' },
  'watch-later': { name: 'Watch later', add: 'Add to watch later', remove: 'Remove from watch later' },
};

// Lucide's heart and clock, drawn inline (a font may lack the symbols); filled when saved.
function Icon({ list, on }: { list: SavedList; on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill={on && list === 'favorites' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {list === 'favorites'
        ? <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
        : <><circle cx="12" cy="12" r="10" fill={on ? 'currentColor' : 'none'} /><polyline points="12 6 12 12 16 14" stroke={on ? 'white' : 'currentColor'} /></>}
    </svg>
  );
}

/** The favorite and watch-later toggles of one video; visitors get a sign-in prompt and nothing else. */
export function SaveButtons({ video, saved }: { video: Video; saved: ReturnType<typeof useSavedVideos> }) {
  const { user, lists, busy } = saved;
  return (
    <div className="flex gap-2">
      {(['favorites', 'watch-later'] as const).map((list) => {
        const on = Boolean(lists[list]?.some((v) => v.id === video.id));
        const { name, add, remove } = LABELS[list];
        return (
          <button key={list} type="button" aria-pressed={user ? on : undefined} aria-label={`${name}: ${video.title}`} title={on ? remove : add}
            disabled={Boolean(user) && (!lists[list] || busy[`${list}:${video.id}`])}
            onClick={() => (user ? void toggleSaved(list, video) : toast({ title: 'Sign in to save videos', description: 'Favorites and watch later are for members. Sign in or create a free account.' }))}
            className={`inline-flex h-9 items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium transition ${on ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'} disabled:opacity-60`}>
            <Icon list={list} on={on} />
            <span className="hidden sm:inline">{name}</span>
          </button>
        );
      })}
    </div>
  );
}
