/** A file's text, and a note when it was not UTF-8. */
export type DecodedText = { text: string; note?: string };

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** The encoding a file says it is in: an XML declaration (WXR) or an HTML meta tag, in its first bytes. */
function declaredEncoding(head: string): string | undefined {
  return (/<\?xml[^>]*\bencoding=["']([\w.:-]+)["']/i.exec(head) ?? /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head))?.[1]?.toLowerCase();
}

const WESTERN = new Set(['windows-1252', 'cp1252', 'iso-8859-1', 'latin1', 'latin-1', 'iso-8859-15', 'us-ascii', 'ascii']);

/**
 * Reads a file's bytes as text (issue 40): UTF-8 (with or without its mark) and UTF-16 with its
 * mark as they are; anything else that is not valid UTF-8 is taken for Windows-1252, the
 * superset of Latin-1 that old Western blogs and Windows editors wrote — or the encoding the file
 * declares, when it names one the runtime knows — with a note for the admin. Bytes that are text
 * in no such encoding (NUL bytes, UTF-16 without its mark) are refused with a sentence.
 */
export function decodeText(data: Uint8Array): DecodedText {
  for (const [bom, encoding] of BOMS) {
    if (bom.every((b, i) => data[i] === b)) return { text: new TextDecoder(encoding).decode(data.subarray(bom.length)) };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data) };
  } catch {
    // Not UTF-8: read below.
  }
  if (data.subarray(0, 4096).includes(0)) throw new Error('the file is not text in UTF-8 or Windows-1252 (it holds NUL bytes: UTF-16 without a byte-order mark, or a binary file)');
  const declared = declaredEncoding(new TextDecoder('latin1').decode(data.subarray(0, 1024)));
  let encoding = 'windows-1252';
  if (declared && !WESTERN.has(declared) && declared !== 'utf-8' && declared !== 'utf8') {
    try {
      return { text: new TextDecoder(declared, { fatal: true }).decode(data), note: `The file is in ${declared}, not UTF-8; it was read as ${declared}` };
    } catch {
      encoding = 'windows-1252';
    }
  }
  const text = new TextDecoder(encoding).decode(data);
  return { text, note: 'The file is not UTF-8; it was read as Windows-1252 (Western European). Check accented letters and quotes' };
}
