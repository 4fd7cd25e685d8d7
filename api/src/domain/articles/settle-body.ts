import path from 'node:path';
import type { ArticleImport } from '@app/shared/schemas';
import type { ArticleCandidate } from './article-candidate.ts';
import type { UploadContents } from './read-upload.ts';
import { oldSiteLinksWarning, outsideTheArchive } from './old-site-links.ts';
import { checkPicture } from './check-picture.ts';
import { fitBodyFields, MAX_ALT, shortened } from './fit-body-fields.ts';

/** Fetches a picture an article shows from the web (the public image fetcher; a failure's message says why). */
export type FetchImage = (url: string) => Promise<{ name: string; mimetype: string; data: Buffer }>;

/** A body picture as big as a fetched one may be (the public fetcher's limit). */
export const MAX_BODY_PICTURE_BYTES = 5 * 1024 * 1024;

type Picture = NonNullable<ArticleImport['pictures']>[number];
type AnyNode = { type?: string; picture?: number; fields?: { url?: string }; children?: AnyNode[]; [key: string]: unknown };

/** Where a body picture is: in the archive (a path, or an address on the old site itself), on the web, or nowhere usable. */
export function pictureSource(src: string, c: ArticleCandidate): { archivePath: string } | { url: string } | null {
  if (/^data:/i.test(src)) return null;
  if (/^(https?:)?\/\//i.test(src)) {
    const url = new URL(src, 'https://invalid.example');
    if (c.sourceSite && url.origin === c.sourceSite) return { archivePath: decodeURIComponent(url.pathname) };
    return url.protocol === 'https:' || url.protocol === 'http:' ? { url: url.href } : null;
  }
  return { archivePath: decodeURIComponent(src.split(/[?#]/)[0]!) };
}

/** An address as the old site's links name it: no query, no trailing slash or index.html, lower case. */
export function addressKey(href: string): string {
  return href.split(/[?#]/)[0]!.replace(/\/index\.html?$/i, '').replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * The articles of one import by every address a link may name them with: their old addresses,
 * and their file name (what `{% post_url %}` and `{{< ref >}}` became).
 */
export function articleIndex(candidates: ArticleCandidate[]): Map<string, ArticleCandidate> {
  const index = new Map<string, ArticleCandidate>();
  for (const c of candidates) {
    for (const a of c.oldAddresses) index.set(addressKey(a), c);
    const file = c.file.split(' › ')[0]!;
    const stem = path.posix.basename(file, path.posix.extname(file));
    index.set(addressKey(`/${/^_?index$/.test(stem) ? path.posix.basename(path.posix.dirname(file)) : stem}`), c);
  }
  return index;
}

/** The imported article a link points at, if it points at one of this import's (a path, or an address on the old site). */
export function linkTarget(href: string, c: ArticleCandidate, index: Map<string, ArticleCandidate>): ArticleCandidate | undefined {
  let pathname = href;
  if (/^(https?:)?\/\//i.test(href)) {
    const url = new URL(href, 'https://invalid.example');
    if (!c.sourceSite || url.origin !== c.sourceSite) return undefined;
    pathname = url.pathname;
  } else if (!href.startsWith('/')) return undefined;
  const hit = index.get(addressKey(pathname));
  return hit === c ? undefined : hit;
}

export type SettledBody = { content: ArticleImport['content']; pictures: Picture[]; warnings: string[]; picturesCopied: number };

/** An article's pictures, read (or fetched) and checked: those the CMS can store, and where each of the body's went (null: left out). */
export type GatheredPictures = { pictures: Picture[]; placed: Map<number, number | null>; warnings: string[] };

/** How a picture is named in a warning: as the article wrote it. */
const pictureLabel = (src: string) => (src.length > 120 ? `${src.slice(0, 119)}…` : src);

/** A picture read and checked, ready to send; or why not (`fetch`: it could not be fetched from the web). */
export type PictureRead = { picture: { name: string; mimetype: string; base64: string; source: string } } | { problem: string; fetch?: true };

/**
 * Reads a picture from the archive (beside `articleFile`, or at the site's root) or fetches it
 * from the web, and checks that the CMS can store it (check-picture.ts): one that is missing,
 * cannot be read or fetched, is over `maxBytes` or is not a whole picture comes back as a problem
 * naming it. The article's own picture and its body's pictures are read alike, in the preview as in
 * the import.
 */
export async function readPictureAt(at: { archivePath: string } | { url: string }, articleFile: string, ctx: { upload: UploadContents; fetchImage: FetchImage }, maxBytes: number): Promise<PictureRead> {
  if ('url' in at) {
    let fetched;
    try {
      fetched = await ctx.fetchImage(at.url);
    } catch (err) {
      return { problem: (err as Error).message, fetch: true };
    }
    try {
      const image = await checkPicture(fetched.name, fetched.data);
      return { picture: { name: image.name, mimetype: image.mimetype, base64: image.data.toString('base64'), source: at.url.slice(0, 2100) } };
    } catch (err) {
      return { problem: `The picture "${pictureLabel(at.url)}" could not be used (${(err as Error).message})` };
    }
  }
  const found = ctx.upload.findImage(at.archivePath, articleFile);
  if (!found) return { problem: `The picture "${at.archivePath}" is not in the ZIP` };
  if (found.size > maxBytes) return { problem: `The picture "${at.archivePath}" is larger than ${maxBytes / 1024 / 1024} MB` };
  try {
    const image = await checkPicture(found.name, await ctx.upload.readPicture(found.name));
    return { picture: { name: image.name, mimetype: image.mimetype, base64: image.data.toString('base64'), source: found.name.slice(0, 2100) } };
  } catch (err) {
    return { problem: `The picture "${at.archivePath}" could not be read (${(err as Error).message})` };
  }
}

/**
 * Reads or fetches each picture of an article's body (`readPictureAt`): a picture the CMS could
 * not store is left out with a warning naming it, and the article goes on without it (issue 49 #6).
 */
export async function gatherPictures(c: ArticleCandidate, ctx: { upload: UploadContents; fetchImage: FetchImage }): Promise<GatheredPictures> {
  const warnings: string[] = [];
  const pictures: Picture[] = [];
  const placed = new Map<number, number | null>();
  for (const [i, p] of c.body.pictures.entries()) {
    const source = pictureSource(p.src, c);
    const read: PictureRead = source ? await readPictureAt(source, c.file.split(' › ')[0]!, ctx, MAX_BODY_PICTURE_BYTES) : { problem: `The picture "${pictureLabel(p.src)}" is not a file or an address` };
    if ('problem' in read) {
      warnings.push(`${read.problem}; ${read.fetch ? 'the picture was left out' : 'left out'}`);
      placed.set(i, null);
      continue;
    }
    // The Media document's own alt text (the body's use of it is held to the same limit: fit-body-fields.ts).
    placed.set(i, pictures.push({ ...read.picture, alt: shortened(p.alt || c.title || 'picture', MAX_ALT) }) - 1);
  }
  return { pictures, placed, warnings };
}

/**
 * An article's body made ready for the CMS, with its pictures gathered (`gatherPictures`): each
 * picture numbered among the pictures sent, or its place dropped when it was left out; every
 * block's and picture's field held to the CMS's limits (fit-body-fields.ts: short texts shortened
 * with a warning, code too long for its block refused); each link to another article of this
 * import pointed at its new page (`newPage`), or kept with a warning when that article is not
 * written yet; spaces in addresses escaped (the CMS refuses them). Throws with a sentence when the
 * body cannot be stored.
 */
export function settleBody(
  c: ArticleCandidate,
  gathered: GatheredPictures,
  ctx: { index: Map<string, ArticleCandidate>; newPage(target: ArticleCandidate): string | undefined },
): SettledBody {
  const { pictures, placed } = gathered;
  const warnings = [...gathered.warnings];

  const late = new Set<string>();
  const elsewhere = new Set<string>();
  const walk = (nodes: AnyNode[]): AnyNode[] =>
    nodes.flatMap((node): AnyNode[] => {
      if (node.type === 'import-picture') {
        const at = placed.get(node.picture ?? -1);
        return at === null || at === undefined ? [] : [{ ...node, picture: at }];
      }
      let next = node;
      if (node.type === 'link' && node.fields?.url) {
        const target = linkTarget(node.fields.url, c, ctx.index);
        const page = target ? ctx.newPage(target) : undefined;
        if (target && !page) late.add(target.title);
        // A link to a page of the old site that the import does not bring keeps the old site's address (old-site-links.ts).
        const outside = target ? null : outsideTheArchive(node.fields.url, c, (pathname) => ctx.index.has(addressKey(pathname)));
        if (outside) elsewhere.add(outside.url ?? node.fields.url);
        next = { ...node, fields: { ...node.fields, url: (page ?? outside?.url ?? node.fields.url).trim().replace(/ /g, '%20') } };
      }
      return [next.children ? { ...next, children: walk(next.children) } : next];
    });
  const linked = { root: { ...c.body.content.root, children: walk(c.body.content.root.children as AnyNode[]) } } as ArticleImport['content'];
  const names = [...placed].flatMap(([i, at]) => (at === null ? [] : [[at, c.body.pictures[i]!.src] as const]));
  const sourceOf = new Map(names);
  const fitted = fitBodyFields(linked, (i) => pictureLabel(sourceOf.get(i) ?? 'picture'));
  warnings.push(...fitted.warnings);
  for (const title of late) warnings.push(`Links to “${title}”, which could not be written before it: the link keeps its old address`);
  warnings.push(...oldSiteLinksWarning([...elsewhere], c.sourceSite));
  return { content: fitted.content, pictures, warnings, picturesCopied: pictures.length };
}
