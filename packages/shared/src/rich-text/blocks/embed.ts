// A video embed: a YouTube or Vimeo video, played by its privacy-enhanced player once the reader
// presses play. Slug `embed` (stored data).
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'embed', url: 'https://www.youtube.com/watch?v=…', title: '', caption: '' } }
//
// `url` is any YouTube or Vimeo address that videoEmbed() accepts (watch, youtu.be, shorts,
// embed, vimeo.com/123…); anything else is refused by the CMS. `title` names the player for
// screen readers (empty: "YouTube video"/"Vimeo video"); `caption` is optional text under it.
import type { BlockNode } from '../../content-nodes.ts';
import { introVideoEmbed } from '../../studies.ts';
import { isAllowedVideoUrl, VIDEO_URL_RULE } from '../../videos.ts';
import { blockNodeOf, escapeHtml, type BlockFields, type BodyBlock, type BodyNode } from '../body-block.ts';

type Own = { url: string; title?: string | null; caption?: string | null };
export type EmbedBlockFields = BlockFields<'embed', Own>;
export type VideoEmbed = { provider: 'youtube' | 'vimeo'; providerName: 'YouTube' | 'Vimeo'; playerUrl: string; watchUrl: string };

/** What an embed's address plays: the provider and its privacy-enhanced player, or null when it is not a video we embed. */
export function videoEmbed(url: string | null | undefined): VideoEmbed | null {
  if (!isAllowedVideoUrl(url)) return null;
  const playerUrl = introVideoEmbed(url.trim());
  if (!playerUrl) return null;
  const provider = playerUrl.startsWith('https://player.vimeo.com/') ? 'vimeo' : 'youtube';
  return { provider, providerName: provider === 'vimeo' ? 'Vimeo' : 'YouTube', playerUrl, watchUrl: url.trim() };
}

export function embedNode(input: { url: string; title?: string; caption?: string; id?: string }): BlockNode<EmbedBlockFields> {
  return blockNodeOf('embed', { id: input.id, url: input.url, title: input.title ?? '', caption: input.caption ?? '' });
}

// The players the click-to-play facade may load, exactly as videoEmbed() builds their addresses.
const PLAYER_URL = /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]{1,64}\?autoplay=1&rel=0|player\.vimeo\.com\/video\/\d{1,20}\?autoplay=1&dnt=1)$/;
const PLAY_ICON = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='white' d='M9 6.5v11l9-5.5z'/%3E%3C/svg%3E")`;

export const embedBlock: BodyBlock<'embed', Own> = {
  slug: 'embed',
  labels: { singular: 'Video embed', plural: 'Video embeds' },
  fields: [
    {
      name: 'url',
      label: 'Video address',
      type: 'text',
      required: true,
      maxLength: 500,
      admin: { description: 'A YouTube or Vimeo address, such as https://www.youtube.com/watch?v=… or https://vimeo.com/…' },
      validate: (value: unknown) => (typeof value === 'string' && videoEmbed(value) ? true : VIDEO_URL_RULE),
    },
    { name: 'title', type: 'text', maxLength: 200, admin: { description: 'What the video is, for readers who cannot see it (empty: "YouTube video").' } },
    { name: 'caption', type: 'text', maxLength: 300 },
  ],
  /**
   * A facade, not a player: a link to the video (what a reader without JavaScript gets) that the
   * page's script (site/src/components/video-facades.astro) swaps for the privacy-enhanced player
   * when pressed, titled by the link's first line. Nothing is fetched from the video site before.
   */
  toHtml(fields) {
    const video = videoEmbed(fields.url);
    if (!video) return '';
    const given = fields.title?.trim();
    const title = given || `${video.providerName} video`;
    const label = given ? `Play video: ${given} (${video.providerName})` : `Play ${title}`;
    const caption = fields.caption?.trim();
    return (
      `<figure><a href="${escapeHtml(video.watchUrl)}" data-embed-src="${escapeHtml(video.playerUrl)}" aria-label="${escapeHtml(label)}">` +
      `<span>${escapeHtml(title)}</span><span>Plays from ${video.providerName} when you press play</span></a>` +
      (caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '') +
      '</figure>'
    );
  },
  // A 16:9 poster with a play button, drawn here (no picture from the video site); the player the page's script puts in its place.
  css: `.prose-article a[data-embed-src] { position: relative; display: flex; aspect-ratio: 16 / 9; width: 100%; flex-direction: column; align-items: center; justify-content: center; gap: 0.25rem; border-radius: 0.5rem; background-color: oklch(20.8% 0.042 265.755); padding-inline: 1.5rem; text-align: center; color: #fff; text-decoration-line: none; background-image: radial-gradient(circle at 50% 40%, rgb(51 65 85), rgb(15 23 42) 70%); }
.prose-article a[data-embed-src]::before { content: ''; margin-bottom: 0.75rem; height: 4rem; width: 4rem; border-radius: 2147483647px; box-shadow: 0 10px 15px -3px #0000001a, 0 4px 6px -4px #0000001a; transition-property: transform, translate, scale, rotate; transition-timing-function: cubic-bezier(0.4, 0, 0.2, 1); transition-duration: 150ms; background: #dc2626 ${PLAY_ICON} center / 2.25rem no-repeat; }
.prose-article a[data-embed-src]:hover::before { scale: 110% 110%; }
.prose-article a[data-embed-src]:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.prose-article a[data-embed-src] > span:first-of-type { font-size: 1.125rem; line-height: calc(1.75 / 1.125); font-weight: 600; color: #fff; }
.prose-article a[data-embed-src] > span:last-of-type { font-size: 0.875rem; line-height: calc(1.25 / 0.875); color: oklch(86.9% 0.022 252.894); }
.prose-article iframe[data-embed-player] { aspect-ratio: 16 / 9; width: 100%; border-radius: 0.5rem; border: 0 solid; }`,
  // A paragraph that is only the video's address is the video; a title or caption makes it a figure.
  toMarkdown(fields) {
    const url = String(fields.url ?? '');
    const title = String(fields.title ?? '');
    const caption = String(fields.caption ?? '');
    if (!title && !caption) return [{ type: 'paragraph', children: [{ type: 'link', url, children: [{ type: 'text', value: url }] }] }];
    return [{ type: 'html', value: `<figure><a href="${escapeHtml(url)}">${escapeHtml(title || url)}</a>${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>` }];
  },
  fromHtml: {
    // A paragraph that is only a YouTube or Vimeo address (a link or its text) is the video; a link's own words ("[My talk](https://youtu.be/…)") name the player.
    inline(inline, ctx) {
      const only = inline.length === 1 ? inline[0]! : null;
      const url = only?.type === 'link' ? only.fields.url : only?.type === 'text' && !only.format ? only.text.trim() : '';
      if (!url || !videoEmbed(url)) return null;
      ctx.count('embeds');
      if (only?.type === 'link') ctx.forgetLastLink();
      const words = only?.type === 'link' ? only.children.map((c) => c.text).join('').trim() : '';
      return [embedNode({ url, title: words && words !== url ? words : '' }) as unknown as BodyNode];
    },
    // A figure of one video's address and a caption is that video, captioned.
    caption: (fields, caption) => ({ ...fields, caption }),
  },
  sanitize: {
    tagNames: ['figure', 'figcaption'],
    attributes: { a: [['dataEmbedSrc', PLAYER_URL]] },
  },
};
