// Sentence vectors stored ahead for bench/memory.mjs (issue 50 #5). On a fresh database the
// assistant encodes every text of the library once (about 8 texts per article, about one a second
// on a loaded 2-core machine: hours at 5,000 articles) before the API is idle. That time is the
// encoder's, not memory: the bench stores, before the API starts, a vector for every text the API
// will ask for, in the very table, key and format the API reads (app.sentence_vectors: model,
// SHA-256 of the text, float32 scale, 512 int8 bytes) — the API then reads them back as a restart
// or a second instance does, and holds in memory exactly what it holds after encoding them itself.
// The vectors are pseudo-random unit vectors (seeded by the text's hash), not the model's: the
// assistant's answers on this database mean nothing, its memory is the same.
//
// The texts are found with the API's own code: the library read through the API's CMS client
// from the stand-in, its content index, and every reader's assistant index built (as
// `prepareAssistant` builds them) with an encoder that notes the texts instead of encoding them.
import { createHash } from 'node:crypto';
import { createDb, migrateDb } from '@app/api/db';
import { buildContentIndex } from '@app/api/domain/content/content-index';
import { buildAssistantIndex, readerOf } from '@app/api/domain/ai/assistant-index';
import { DIMENSIONS, SENTENCE_MODEL } from '@app/api/domain/ai/sentence-encoder';
import { createCmsContentSource } from '@app/api/integrations/cms-content-source';
import { TIERS } from '@app/shared/browser';
import { toSnapshot } from '@app/shared/server';

/** Every text the API's assistant will encode for the library the CMS at `cmsUrl` serves. */
export async function textsToEncode(cmsUrl, secret) {
  const records = await createCmsContentSource(cmsUrl, secret).load();
  const content = buildContentIndex(toSnapshot(records, new Date().toISOString()));
  const texts = new Set();
  const noting = {
    async encodeContent(list) {
      for (const t of list) texts.add(t);
      return list.map(() => ({ values: new Int8Array(DIMENSIONS), scale: 1 }));
    },
    encodeQuestion: async () => new Float32Array(DIMENSIONS),
    keepOnlyUsed() {},
    keepIn() {},
  };
  const readers = [readerOf(null), ...TIERS.map((tier) => readerOf({ id: 0, tier, role: 'member', status: 'active' }))];
  for (const reader of readers) await buildAssistantIndex(content, reader, { encoder: noting });
  return [...texts];
}

/** A unit vector of its own for each text (seeded by its hash), quantised as the encoder keeps it. */
function vectorOf(hash) {
  const seed = createHash('sha512').update(hash).digest();
  let state = seed.readUInt32LE(0) || 1;
  const v = new Float32Array(DIMENSIONS);
  let norm = 0;
  for (let i = 0; i < DIMENSIONS; i++) {
    // xorshift32, then a rough normal (sum of uniforms) for each component.
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      sum += (state >>> 0) / 2 ** 32;
    }
    v[i] = sum - 2;
    norm += v[i] * v[i];
  }
  norm = Math.sqrt(norm);
  let max = 0;
  for (let i = 0; i < DIMENSIONS; i++) max = Math.max(max, Math.abs((v[i] /= norm)));
  const scale = Math.fround(max / 127 || 1);
  const bytes = Buffer.alloc(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i++) bytes.writeInt8(Math.round(v[i] / scale), i);
  return { scale, bytes };
}

/**
 * Migrates `dbUrl` as the API does at start and stores a vector for every text of the library at
 * `cmsUrl` (rows already there are kept). Answers how many texts it stored.
 */
export async function storeVectorsAhead(dbUrl, cmsUrl, secret) {
  const texts = await textsToEncode(cmsUrl, secret);
  const db = createDb(dbUrl, 2);
  try {
    await migrateDb(db);
    const client = db.$client;
    for (let i = 0; i < texts.length; i += 1000) {
      const rows = texts.slice(i, i + 1000).map((t) => {
        const hash = createHash('sha256').update(t).digest('base64url');
        return { hash, ...vectorOf(hash) };
      });
      await client.query(
        `insert into app.sentence_vectors (model, text_hash, scale, vector)
         select $1, h, s, v from unnest($2::text[], $3::real[], $4::bytea[]) as t(h, s, v)
         on conflict do nothing`,
        [SENTENCE_MODEL, rows.map((r) => r.hash), rows.map((r) => r.scale), rows.map((r) => r.bytes)],
      );
    }
  } finally {
    await db.$client.end();
  }
  return texts.length;
}
