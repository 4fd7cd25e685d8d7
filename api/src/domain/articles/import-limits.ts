const MB = 1024 * 1024;

/**
 * What one import may hold and cost (DESIGN §6; issue 34: a 320 KB ZIP holding one 90 MB
 * Markdown file held the API for five minutes and then crashed it). Rendering a 2 MB Markdown
 * file takes seconds and about 450 MB of heap (measured in the worker), so an article file is
 * capped far below what a ZIP may unpack to; exports carry a whole site and get more room, but
 * each post in them is held to the article cap.
 */
export const IMPORT_LIMITS = {
  /** The upload as sent: it streams to a file on disk, never whole into memory (issue 40). */
  maxArchiveBytes: 200 * MB,
  maxEntries: 5000,
  /** What all entries of a ZIP declare they unpack to. */
  maxUnpackedBytes: 1024 * MB,
  /** What the articles, exports and configuration files of a ZIP unpack to: these are held in memory (pictures are not). */
  maxTextBytes: 100 * MB,
  /** One Markdown/HTML article file, and one post's body inside an export. */
  maxArticleBytes: 2 * MB,
  /** One Ghost JSON or WordPress WXR export, inside a ZIP or on its own. */
  maxExportBytes: 32 * MB,
  /** One picture (only pictures up to 5 MB become thumbnails; larger ones are reported). */
  maxImageBytes: 20 * MB,
  /** One configuration file of a site generator (read to learn the site's layout). */
  maxConfigBytes: 1 * MB,
};

/** The conversion (parse and render to HTML) runs in a worker thread with these limits. */
export type ConversionLimits = {
  /** One file converting longer than this stops the worker and refuses the import. */
  timeoutMs: number;
  /** The worker's V8 heap (old generation): a 2 MB article needs about 450 MB; 256 MB is too little. */
  maxMemoryMb: number;
  /** Conversions at once on this API instance; more are answered 429 with Retry-After. */
  concurrency: number;
};

/** Under the front door's 120 s wait for an answer's headers, which come after the conversion. */
export const DEFAULT_CONVERSION_LIMITS: ConversionLimits = { timeoutMs: 60_000, maxMemoryMb: 512, concurrency: 1 };

/** "2 MB", "90.3 MB", "512 KB", "1 GB": a size as the refusal names it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Number((bytes / 1024 / MB).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
