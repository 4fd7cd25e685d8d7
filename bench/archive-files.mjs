// The files an import benchmark packs: PNG pictures made here and the ZIP that carries them.
import { crc32, deflateSync } from 'node:zlib';
import yazl from 'yazl';

/** An RGB PNG of `width` × `height` whose rows (each led by its filter byte) `paint` fills in `raw`. */
export function png(width, height, paint) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(data.length + 12);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), data.length + 8);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  paint(raw);
  // Each row starts with its filter type: none.
  for (let row = 0; row < height; row++) raw[row * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A ZIP of [name, text or bytes] entries. */
export function zip(entries) {
  const z = new yazl.ZipFile();
  for (const [name, data] of entries) z.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  z.end();
  return new Promise((resolve) => {
    const chunks = [];
    z.outputStream.on('data', (c) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
