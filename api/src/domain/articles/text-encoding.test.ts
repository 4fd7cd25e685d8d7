import { describe, expect, it } from 'vitest';
import { decodeText } from './text-encoding.ts';

const cp1252 = (bytes: number[]) => Uint8Array.from(bytes);

describe('reading a file’s text', () => {
  it('reads UTF-8 with or without its mark, and UTF-16 with its mark, without a note', () => {
    expect(decodeText(new TextEncoder().encode('Café – “quoted”'))).toEqual({ text: 'Café – “quoted”' });
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('é')]))).toEqual({ text: 'é' });
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0xe9, 0x00]))).toEqual({ text: 'é' });
  });

  it('reads Windows-1252 (and so Latin-1) that is not UTF-8, with a note, instead of mojibake', () => {
    // "Café “quoted” – naïve" as Windows-1252 writes it.
    const bytes = cp1252([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x64, 0x94, 0x20, 0x96, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65]);
    const read = decodeText(bytes);
    expect(read.text).toBe('Café “quoted” – naïve');
    expect(read.note).toBe('The file is not UTF-8; it was read as Windows-1252 (Western European). Check accented letters and quotes');
  });

  it('honours an encoding the file declares, and refuses bytes that are no such text', () => {
    const koi8 = decodeText(Uint8Array.from([...new TextEncoder().encode('<meta charset="koi8-r"><p>'), 0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]));
    expect(koi8).toEqual({ text: '<meta charset="koi8-r"><p>Привет', note: 'The file is in koi8-r, not UTF-8; it was read as koi8-r' });
    expect(() => decodeText(Uint8Array.from([0x68, 0x00, 0x69, 0x00, 0xe9, 0x00]))).toThrow(/not text in UTF-8 or Windows-1252/);
  });
});
