import path from 'node:path';
import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { excerptFrom, fitTitle, slugify } from './article-candidate.ts';
import type { ArchiveClaim, Importer, SiteFiles, SourceFile } from './importer.ts';
import { IMPORT_LIMITS } from './import-limits.ts';
import { toIsoDate } from './parse-date.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { renderArticleHtml } from './render-article-html.ts';

/**
 * Medium's export (medium.com/me/export, "Download your information"): a ZIP of HTML pages —
 * the profile, lists, claps, bookmarks… — with every story the member wrote in `posts/`, one file
 * each, named `2021-06-14_Slow-Mornings-4f1e2a9c7b3d.html` (its day of publication, its title,
 * Medium's id of the post) or `draft_…` for a draft. A story's page is the post in microformats:
 * `h1.p-name` (the title), `section[data-field=subtitle]`, `section[data-field=body]` (Medium's
 * markup: sections, `graf` paragraphs, figures whose pictures are on Medium's CDN) and a footer
 * with `a.p-author`, `time.dt-published` and `a.p-canonical`. Responses to others' stories are
 * kept in `posts/` too: pages with no title in their body.
 */
const STORY_NAME = /^(draft|\d{4}-\d{2}-\d{2})_(.*)-([0-9a-f]{8,16})\.html$/i;

type Parent = Root | Element;

const isElement = (node: unknown): node is Element => (node as { type?: string }).type === 'element';
const classes = (el: Element): string[] => (Array.isArray(el.properties.className) ? el.properties.className.map(String) : []);
const hasClass = (el: Element, name: string) => classes(el).includes(name);
const attr = (el: Element | undefined, name: string): string | undefined => (typeof el?.properties[name] === 'string' ? (el.properties[name] as string) : undefined);

function* elementsOf(node: Parent): Generator<Element> {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    yield child;
    yield* elementsOf(child);
  }
}
function find(node: Parent, test: (el: Element) => boolean): Element | undefined {
  for (const e of elementsOf(node)) if (test(e)) return e;
  return undefined;
}

/** An element's text; a line break in a code block is a new line, elsewhere a space. */
function textOf(node: ElementContent | Root, breaks = ' '): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'br') return breaks;
  return 'children' in node ? node.children.map((c) => textOf(c as ElementContent, breaks)).join('') : '';
}
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The text of the first element that passes `test`, in one line ("" when there is none). */
const textIn = (node: Parent, test: (el: Element) => boolean) => {
  const hit = find(node, test);
  return hit ? clean(textOf(hit)) : '';
};
const el = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });

// Medium's layout around the story's paragraphs, none of which is the story's own.
const UNWRAP = ['section-content', 'section-inner', 'aspectRatioPlaceholder', 'iframeContainer'];
const DROP = ['graf--title', 'graf--subtitle', 'aspectRatioPlaceholder-fill', 'js-mixtapeImage', 'mixtapeImage'];

/**
 * The story's body as plain HTML for the one renderer (render-article-html.ts, which sanitizes
 * away Medium's graf and markup classes): the title and subtitle it repeats left out, its
 * sections one flow with their dividers as rules (the first, above the title, dropped), code
 * blocks whole (Medium writes one paragraph of code per `pre`, lines as `br`) with their
 * language, link cards as links, and Medium's own media frames — which the export cannot say
 * the content of — left out with a warning.
 */
function storyBody(body: Element, warnings: string[]): string {
  let dividers = 0;
  // The text of the code block the last `pre` went into, while nothing but space has followed it.
  let openCode: { type: 'text'; value: string } | undefined;
  const tidy = (nodes: ElementContent[]): ElementContent[] => {
    const out: ElementContent[] = [];
    for (const node of nodes) {
      if (node.type === 'element' && node.tagName === 'pre') {
        const lines = textOf(node, '\n');
        if (openCode) openCode.value += `\n${lines}`;
        else {
          openCode = { type: 'text', value: lines };
          const language = attr(node, 'dataCodeBlockLang');
          out.push(el('pre', {}, [el('code', language ? { className: [`language-${language}`] } : {}, [openCode])]));
        }
        continue;
      }
      if (node.type !== 'text' || node.value.trim()) openCode = undefined;
      if (!isElement(node)) {
        out.push(node);
        continue;
      }
      const names = classes(node);
      if (node.tagName === 'div' && names.includes('section-divider')) {
        if (dividers++ > 0) out.push(el('hr', {}, []));
      } else if (DROP.some((c) => names.includes(c))) continue;
      else if (node.tagName === 'section' || UNWRAP.some((c) => names.includes(c))) out.push(...tidy(node.children));
      else if (names.includes('graf--mixtapeEmbed')) {
        const link = find(node, (e) => e.tagName === 'a' && Boolean(attr(e, 'href')));
        const href = attr(link, 'href');
        if (link && href) out.push(el('p', {}, [el('a', { href }, [{ type: 'text', value: textIn(link, (e) => e.tagName === 'strong') || href }])]));
      } else if (node.tagName === 'figure' && find(node, (e) => e.tagName === 'iframe' && !/^https?:\/\//i.test(attr(e, 'src') ?? ''))) {
        warnings.push('A Medium embed (a video, a gist or a post shown in a frame) was left out: the export does not say what it showed');
      } else {
        // Medium's paragraph names and ids are its own anchors, not the story's.
        const properties = Object.fromEntries(Object.entries(node.properties).filter(([key]) => key !== 'id' && key !== 'name'));
        out.push({ ...node, properties, children: tidy(node.children) });
      }
    }
    return out;
  };
  return unified().use(rehypeStringify).stringify({ type: 'root', children: tidy(body.children) });
}

/** One story of the export → an article: title, subtitle as its excerpt, body, author, date, draft state, old address, featured picture. */
export async function readMediumStory(file: SourceFile): Promise<ReadOutcome> {
  const doc = fromHtml(file.source);
  const body = find(doc, (e) => e.tagName === 'section' && attr(e, 'dataField') === 'body');
  if (!body) throw new Error('not a story as Medium exports it (it has no body section)');
  if (!find(body, (e) => hasClass(e, 'graf--title'))) return { candidates: [], errors: [], skipped: [{ file: file.name, reason: 'a response you wrote to a story on Medium, not a story' }] };

  const named = STORY_NAME.exec(path.posix.basename(file.name));
  const draft = named?.[1]?.toLowerCase() === 'draft';
  const warnings = [...(file.notes ?? [])];
  const { html, body: rich, warnings: rendering } = await renderArticleHtml(storyBody(body, warnings), 'html');
  warnings.push(...rendering);
  if (!html.trim() && !draft) throw new Error('the story has no body');

  const title = textIn(doc, (e) => e.tagName === 'h1' && hasClass(e, 'p-name')) || textIn(doc, (e) => e.tagName === 'title');
  const subtitle = textIn(doc, (e) => e.tagName === 'section' && attr(e, 'dataField') === 'subtitle');
  const author = textIn(doc, (e) => e.tagName === 'a' && hasClass(e, 'p-author'));
  const published = attr(find(doc, (e) => e.tagName === 'time' && hasClass(e, 'dt-published')), 'dateTime');
  const featured = attr(find(body, (e) => e.tagName === 'img' && attr(e, 'dataIsFeatured') === 'true'), 'src');
  let canonical: URL | undefined;
  try {
    canonical = new URL(attr(find(doc, (e) => e.tagName === 'a' && hasClass(e, 'p-canonical')), 'href') ?? '');
  } catch {
    canonical = undefined;
  }
  const id = named?.[3]?.toLowerCase();
  return {
    candidates: [
      {
        file: file.name,
        title: fitTitle(title || 'Untitled', warnings),
        html,
        body: rich,
        excerpt: excerptFrom(subtitle || undefined, html),
        author: author ? author.slice(0, 100) : undefined,
        terms: { categories: [], tags: [] },
        membershipRequired: 'free',
        publishDate: toIsoDate(published) ?? (draft ? undefined : toIsoDate(named?.[1])),
        published: !draft,
        sourceSlug: slugify(named?.[2] ?? '') || id || slugify(title) || 'story',
        image: featured && /^https?:\/\//i.test(featured) ? { url: featured } : undefined,
        sourceSite: canonical?.origin,
        // Where the story was read, and Medium's short address for it (medium.com/p/<id>).
        oldAddresses: canonical && canonical.pathname !== '/' ? [canonical.pathname, ...(canonical.origin === 'https://medium.com' && id ? [`/p/${id}`] : [])] : [],
        warnings,
      },
    ],
    errors: [],
    skipped: [],
  };
}

/** The export's stories: its `posts/` folder (or the archive's top, when that folder is what was zipped). */
function mediumClaim(files: SiteFiles): ArchiveClaim | null {
  const stories = files.names.some((n) => n.startsWith('posts/')) ? 'posts/' : '';
  const isStory = (name: string) => name.startsWith(stories) && !name.slice(stories.length).includes('/') && /\.html$/i.test(name);
  if (!files.names.some((n) => isStory(n) && STORY_NAME.test(path.posix.basename(n)))) return null;
  const byName = new Map(files.names.map((n) => [path.posix.basename(n), n]));
  return {
    webRoots: [''],
    takes: (name) => /\.html?$/i.test(name),
    notAnArticle: (name) => (isStory(name) ? null : 'a page of the Medium export (profile, lists, claps…), not a story (stories are in posts)'),
    addresses: () => [],
    // The export links every picture to Medium's CDN by its id ("…/max/800/1*Xb3….png"); a copy saved under that name anywhere in the archive is taken instead.
    savedPicture(url) {
      try {
        const u = new URL(url);
        return /(^|\.)medium\.com$/.test(u.hostname) ? byName.get(decodeURIComponent(u.pathname.split('/').pop() ?? '')) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Medium's export: claimed by its stories' names; read story by story. */
export const mediumExport: Importer = {
  id: 'medium',
  kind: 'article',
  extensions: [],
  cap: { bytes: IMPORT_LIMITS.maxArticleBytes, what: 'an article file' },
  claim: mediumClaim,
  read: readMediumStory,
};
