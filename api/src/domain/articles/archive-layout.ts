import type { ImportSkip } from '@app/shared/schemas';
import type { ArticleCandidate } from './article-candidate.ts';
import type { ArchiveClaim, Importer, SiteFiles } from './importer.ts';
import { IMPORTERS, importerFor } from './importers.ts';
import { PLAIN_FOLDER } from './site-generator.ts';

/** An upload's archive as its source reads it: the claim's rules over the archive's own names. */
export type ArchiveLayout = ArchiveClaim & {
  /** The folder every entry sits in (a repository downloaded as a ZIP), or "". */
  root: string;
  /** The importer that claimed the archive (a site generator, Medium's export), or null: a plain folder of articles. */
  generator: string | null;
  /** The importer that reads a file, if any: the claimer for a file it takes, else the one its extension names. `claimed`: the archive's rules apply to it. */
  readerOf(name: string): { importer: Importer; claimed: boolean } | undefined;
  /** An article read from a file the claim took, as its source published it (or a page after all: a skip). */
  settle(c: ArticleCandidate): ArticleCandidate | ImportSkip;
};

const strings = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).filter((s): s is string => typeof s === 'string' && s.trim() !== '');

/** Addresses a file's front matter names outright (any generator): `permalink`, `url`, `aliases`, `redirect_from`. */
function frontMatterAddresses(c: ArticleCandidate): string[] {
  const fm = c.frontMatter ?? {};
  return [...strings(fm.permalink), ...strings(fm.url), ...strings(fm.aliases), ...strings(fm.redirect_from)]
    .filter((a) => !/[{%:]/.test(a.replace(/^https?:\/\//, '')))
    .map((a) => {
      try {
        return /^https?:\/\//.test(a) ? new URL(a).pathname : a.startsWith('/') ? a : `/${a}`;
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

/** A name below the archive's root as an article names a picture from there ("/images/a.png"). */
const fromRoot = (name: string) => `/${name.split('/').map(encodeURIComponent).join('/')}`;

/**
 * An article as its source published it: a page after all (its front matter says so: a skip),
 * or a post with the categories its place gives, without the tags that only sort it into the
 * generator's collections, with the addresses the old site served it at, and with its pictures
 * from the web taken from the archive where it holds a copy.
 */
function settle(c: ArticleCandidate, claim: ArchiveClaim): ArticleCandidate | ImportSkip {
  const facts = { file: c.file, frontMatter: c.frontMatter ?? {}, slug: c.sourceSlug, title: c.title, publishDate: c.publishDate ?? undefined, categories: c.terms.categories };
  const page = claim.pageByFrontMatter?.(facts);
  if (page) return { file: c.file, reason: page };
  const categories = [...new Set([...(claim.pathCategories?.(c.file) ?? []), ...c.terms.categories])];
  const collectionTags = claim.collectionTags ?? [];
  const tags = c.terms.tags.filter((t) => !collectionTags.includes(t.toLowerCase()));
  const unread: string[] = [];
  const oldAddresses = [...new Set([...c.oldAddresses, ...claim.addresses({ ...facts, categories }, (m) => unread.push(m)), ...frontMatterAddresses(c)])];
  const saved = (url: string) => {
    const copy = claim.savedPicture?.(url);
    return copy === undefined ? undefined : fromRoot(copy);
  };
  const pictures = c.body.pictures.map((p) => ({ ...p, src: saved(p.src) ?? p.src }));
  const imageCopy = c.image && 'url' in c.image ? saved(c.image.url) : undefined;
  return {
    ...c,
    terms: { categories, tags },
    oldAddresses,
    unreadAddresses: [...new Set(unread)],
    sourceSite: c.sourceSite ?? claim.site,
    body: { ...c.body, pictures },
    image: imageCopy ? { archivePath: imageCopy } : c.image,
    frontMatter: undefined,
  };
}

/**
 * Recognises what an archive is (DESIGN §7.19, issue 40): the first importer to claim it (a site
 * generator by its configuration and folders, a Medium export by its stories' names) reads it by
 * its rules; an archive none claims is a plain folder of articles. The folder every entry sits in
 * (a repository downloaded as a ZIP) is taken off before the claims look, and put back here.
 */
export function detectArchiveLayout(all: SiteFiles): ArchiveLayout {
  const names = all.names;
  const first = names[0]?.split('/')[0];
  const root = first && names.length > 0 && names.every((n) => n.startsWith(`${first}/`)) ? `${first}/` : '';
  const files: SiteFiles = { names: names.map((n) => n.slice(root.length)), text: (n) => all.text(root + n) };
  let claimer: Importer | undefined;
  let claim = PLAIN_FOLDER;
  for (const importer of IMPORTERS) {
    const found = importer.claim?.(files);
    if (found) {
      claimer = importer;
      claim = found;
      break;
    }
  }
  const strip = (name: string) => name.slice(root.length);
  const layout: ArchiveClaim = {
    ...claim,
    webRoots: claim.webRoots.map((w) => root + w),
    takes: (name) => claim.takes(strip(name)),
    notAnArticle: (name) => claim.notAnArticle(strip(name)),
    pageByFrontMatter: claim.pageByFrontMatter ? (facts) => claim.pageByFrontMatter!({ ...facts, file: strip(facts.file) }) : undefined,
    pathCategories: claim.pathCategories ? (name) => claim.pathCategories!(strip(name)) : undefined,
    addresses: (facts, warn) => claim.addresses({ ...facts, file: strip(facts.file) }, warn),
  };
  return {
    ...layout,
    root,
    generator: claimer?.id ?? null,
    readerOf(name) {
      const claimed = layout.takes(name);
      const importer = (claimed ? claimer : undefined) ?? importerFor(name);
      return importer && { importer, claimed };
    },
    settle: (c) => settle(c, layout),
  };
}
