import { formatLongDate, LOCKED_VIDEO_POSTER, tierLabel, videoThumbnail } from '@app/shared/browser';
import type { Video } from '@app/shared/schemas';
import type { ReactNode } from 'react';

/**
 * A video card: thumbnail, title, duration, views and date. `href` decides where it leads: the
 * video on the channel in a new tab (the videos grid), or its page here (saved lists, gated videos).
 */
export function VideoCard({ video, href, external, actions }: { video: Video; href: string; external: boolean; actions?: ReactNode }) {
  const link = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="video-card" data-video={video.id}>
      <a href={href} {...link} className="group block">
        <div className="relative">
          <img src={videoThumbnail(video)} alt="" width="1200" height="675" loading="lazy" className="aspect-video w-full bg-slate-100 object-cover" />
          {/* A gated video's poster names nothing; its title is written over it here. */}
          {video.imageUrl === LOCKED_VIDEO_POSTER && <span aria-hidden="true" className="absolute inset-x-6 bottom-[14%] line-clamp-2 text-center text-sm font-semibold text-white">{video.title}</span>}
          <span className="absolute bottom-2 right-2 rounded bg-slate-900/80 px-1.5 py-0.5 text-xs font-medium text-white">{video.duration || '00:00'}</span>
          {video.membershipRequired !== 'free' && <span className="absolute left-2 top-2 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-semibold text-slate-900">{tierLabel(video.membershipRequired)}</span>}
        </div>
        <div className="px-5 pt-4">
          <h2 className="font-semibold text-slate-900 group-hover:text-brand-700">{video.title}{external && <span className="sr-only"> (opens in a new tab)</span>}</h2>
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">{video.description}</p>
        </div>
      </a>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 px-5 pb-4 pt-3">
        <p className="text-xs text-slate-500">{video.views.toLocaleString('en-US')} views · {formatLongDate(video.publishDate)}</p>
        {actions}
      </div>
    </li>
  );
}
