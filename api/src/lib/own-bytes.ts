const encoder = new TextEncoder();

/**
 * A text's UTF-8 bytes in memory of their own. `Buffer.from(text)` cuts a short text from Node's
 * shared 64 KB pool, and a kept answer of a few hundred bytes then keeps the whole slab alive: a
 * cache of small answers made at different times holds a slab each (issue 53 #5).
 */
export function ownBytes(text: string): Buffer {
  const bytes = encoder.encode(text);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
