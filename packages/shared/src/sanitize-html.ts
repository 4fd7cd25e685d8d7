// Server-only (unified is not for the browser): import from '@app/shared/server'.
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';

/** How wide a body picture is drawn: the article column (max-w-3xl) or the whole narrow screen. */
export const BODY_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

const defaults = defaultSchema.attributes ?? {};

// The players the click-to-play facade may load, exactly as videoEmbed() builds their addresses.
const PLAYER_URL = /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]{1,64}\?autoplay=1&rel=0|player\.vimeo\.com\/video\/\d{1,20}\?autoplay=1&dnt=1)$/;
// Responsive candidates are our own media files only (mediaUrl's /media/{encoded filename}).
const MEDIA_SRCSET = /^\/media\/[^\s,/]+ \d{1,5}w(, \/media\/[^\s,/]+ \d{1,5}w)*$/;
// The highlighter's token colours (and its bold/italic), nothing else a style could do.
const TOKEN_STYLE = /^color:#[0-9A-Fa-f]{3,8}(;font-style:italic)?(;font-weight:bold)?(;text-decoration:underline)?$/;

/**
 * GitHub's allowlist (rehype-sanitize's default: no scripts, styles, event handlers or
 * javascript: links), plus exactly what the article body's own nodes render to (issue 40 #1):
 * highlighted code blocks, scrollable tables, figures with responsive pictures, callouts and the
 * video facade. Roles, data attributes and styles are allowed by value, never freely, and no
 * class is added (a class list filtered to nothing would leave class="" where the body had none
 * before). No frame, button or script ever comes from content: the facade's player is built by
 * the page's own script from a checked data-embed-src.
 */
export const ARTICLE_HTML_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'figure', 'figcaption'],
  attributes: {
    ...defaults,
    a: [...(defaults.a ?? []), ['dataEmbedSrc', PLAYER_URL]],
    div: [...(defaults.div ?? []), ['dataCallout', 'note', 'tip', 'warning'], ['role', 'note', 'region'], 'ariaLabel'],
    img: [...(defaults.img ?? []), ['srcSet', MEDIA_SRCSET], ['sizes', BODY_IMAGE_SIZES], ['loading', 'lazy'], ['decoding', 'async']],
    span: [['style', TOKEN_STYLE]],
  },
};

const htmlToSafeHtml = unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, ARTICLE_HTML_SCHEMA).use(rehypeStringify);

/** The one sanitizer for article HTML, wherever it is produced (the CMS's save hook, the ZIP import). */
export function sanitizeArticleHtml(html: string): string {
  return String(htmlToSafeHtml.processSync(html));
}
