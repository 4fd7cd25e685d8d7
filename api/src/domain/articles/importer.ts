import type { FrontMatter } from './parse-front-matter.ts';
import type { ReadOutcome } from './read-outcome.ts';

/** A file's text, and notes about reading it (it was not UTF-8) that go with every article it gives. */
export type SourceFile = { name: string; source: string; notes?: string[] };

/** An archive as a claim sees it: every file's name, and the text of the configuration files the ZIP reader read. */
export type SiteFiles = { names: string[]; text(name: string): string | undefined };

/** What an article file says about itself, for the rules that need more than its path. */
export type ArticleFacts = { file: string; frontMatter: FrontMatter; slug: string; title: string; publishDate?: string; categories: string[] };

/**
 * How a source reads an archive it recognised as its own (a site generator's repository, a Medium
 * export): which of the archive's files are its to read, which of those are articles, where the
 * old site served them, and where their pictures lie. Names are relative to the archive's root
 * folder (archive-layout.ts takes that folder off and puts it back).
 */
export type ArchiveClaim = {
  /** The old site's address ("https://blog.example.com"), when the archive says. */
  site?: string;
  /** Folders whose files the old site served from its root ("static/" for Hugo, "public/" for Astro). */
  webRoots: string[];
  /** The files it reads (or passes over with a reason); the archive's other files go to the importer their extension names. */
  takes(name: string): boolean;
  /** Why a file it takes is not an article (a page, a template, the export's profile), or null when it is one. */
  notAnArticle(name: string): string | null;
  /** Why a read article is a page after all (its front matter says so), or null. */
  pageByFrontMatter?(facts: ArticleFacts): string | null;
  /** Categories the file's place gives it (Jekyll's `work/_posts/`). */
  pathCategories?(name: string): string[];
  /** Tags that only sort files into the generator's collections (Eleventy's "posts"). */
  collectionTags?: string[];
  /**
   * The addresses (paths) the old site served the article at, besides those its reader found.
   * `warn`: an address the old site gave it that cannot be worked out (an unknown placeholder, a
   * permalink computed in code), named for the preview, as it will not redirect.
   */
  addresses(facts: ArticleFacts, warn: (message: string) => void): string[];
  /** A picture an article shows from the web that the archive holds a copy of: the copy's name. */
  savedPicture?(url: string): string | undefined;
};

/**
 * One source the import reads (DESIGN §7.19), kept as Ghost's import manager keeps its importers:
 * before any file is dispatched, each entry with a `claim` is asked in turn whether the whole
 * archive is its source's; the first to claim it reads the files it takes, by its rules. Every
 * other file goes to the entry its extension names. The ZIP reader, the per-file caps, the
 * conversion thread and the archive's dispatch all read the one list (importers.ts).
 */
export type Importer = {
  id: string;
  /**
   * 'article': a file is one article, and what is wrong with it is that file's error.
   * 'export': a file holds a whole site; inside a ZIP a file of its extension that is not one is
   * passed over, and uploaded alone it is refused with `notOne`.
   */
  kind: 'article' | 'export';
  /**
   * Lower-case extensions, with the dot, of the files dispatched to it by extension. None for a
   * source that comes only as a whole archive: it reads the files its claim takes (of extensions
   * the ZIP reader reads for some importer).
   */
  extensions: readonly string[];
  /** The most one of its files may unpack to, and what a refusal calls the file. */
  cap: { bytes: number; what: string };
  /** Uploaded on its own (not in a ZIP): the refusal when the file is not one of its exports. Unset: only inside a ZIP. */
  notOne?: string;
  /** Its configuration files (matched against a path in the archive): the ZIP reader keeps their text for `claim`. */
  configuration?: RegExp;
  /** The archive is this source's: how it reads it; null when it is not. */
  claim?(archive: SiteFiles): ArchiveClaim | null;
  /** Null: the file is not one of this importer's (an export importer only). */
  read(file: SourceFile, opts: { includePages: boolean }): Promise<ReadOutcome | null>;
};
