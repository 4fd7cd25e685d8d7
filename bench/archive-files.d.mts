// Types of archive-files.mjs, for the tests that make their pictures and ZIPs with it.
/** An RGB PNG of `width` × `height` whose rows (each led by its filter byte) `paint` fills in `raw`. */
export function png(width: number, height: number, paint: (raw: Buffer) => void): Buffer;
/** A ZIP of [name, text or bytes] entries. */
export function zip(entries: [string, string | Buffer][]): Promise<Buffer>;
