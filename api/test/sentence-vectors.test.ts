import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSnapshot } from '@app/shared/server';
import { buildAssistantIndex, READS_ALL } from '../src/domain/ai/assistant-index.ts';
import { createSentenceEncoder, DIMENSIONS, type SentenceEncoder, SENTENCE_MODEL, similarity } from '../src/domain/ai/sentence-encoder.ts';
import { createSentenceVectorStore } from '../src/domain/ai/sentence-vector-store.ts';
import { buildContentIndex } from '../src/domain/content/content-index.ts';
import { DEMO_VECTORS_FILE, readVectorFile } from '../src/domain/ai/vector-file.ts';
import { seedRecords } from './seed-content.ts';
import { silentLogger } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * The assistant's vectors of the site's texts in PostgreSQL (issue 50 #5): what one instance
 * encoded, a restart or another instance reads back instead of encoding it again, as int8 with
 * its scale.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const TEXTS = ['How to build a morning routine that lasts', 'Keeping a sourdough starter alive in winter', 'Breathing exercises before a hard conversation'];

describe('the sentence vectors every instance shares', () => {
  it('stores each text once, as 512 signed bytes and a scale, and a second instance reads it back byte for byte', async () => {
    const first = createSentenceEncoder();
    first.keepIn(createSentenceVectorStore(testDb.db, silentLogger));
    const encoded = await first.encodeContent([...TEXTS, TEXTS[0]!]);
    const rows = await testDb.db.execute<{ n: number; bytes: number }>(sql`select count(*)::int as n, min(length(vector))::int as bytes from app.sentence_vectors where model = ${SENTENCE_MODEL}`);
    expect(rows.rows[0]).toEqual({ n: TEXTS.length, bytes: DIMENSIONS });
    expect(encoded[3]).toBe(encoded[0]);

    const second = createSentenceEncoder();
    second.keepIn(createSentenceVectorStore(testDb.db, silentLogger));
    const read = await second.encodeContent(TEXTS);
    read.forEach((m, i) => {
      expect(m.values).toBeInstanceOf(Int8Array);
      expect([...m.values]).toEqual([...encoded[i]!.values]);
      expect(m.scale).toBe(encoded[i]!.scale);
    });
  }, 60_000);

  it('answers from what is stored rather than encoding again: a stored vector comes back as it was stored', async () => {
    const text = 'A text some other instance encoded';
    const hash = createHash('sha256').update(text).digest('base64url');
    const planted = Buffer.alloc(DIMENSIONS, 0);
    planted[7] = 127;
    await testDb.db.execute(sql`insert into app.sentence_vectors (model, text_hash, scale, vector) values (${SENTENCE_MODEL}, ${hash}, ${1 / 127}, ${planted})`);
    const encoder = createSentenceEncoder();
    encoder.keepIn(createSentenceVectorStore(testDb.db, silentLogger));
    const [m] = await encoder.encodeContent([text]);
    const axis = new Float32Array(DIMENSIONS);
    axis[7] = 1;
    expect(similarity(axis, m!)).toBeCloseTo(1, 6);
  });

  it('keeps cosines within a hundredth of the unquantised vectors, so rankings hold', async () => {
    const encoder = createSentenceEncoder();
    const kept = await encoder.encodeContent(TEXTS);
    for (const [i, text] of TEXTS.entries()) {
      const question = await encoder.encodeQuestion(text);
      expect(similarity(question, kept[i]!)).toBeGreaterThan(0.99);
      for (const [j, other] of TEXTS.entries()) {
        if (j === i) continue;
        const exact = [...(await encoder.encodeQuestion(other))].reduce((sum, x, k) => sum + x * question[k]!, 0);
        expect(Math.abs(similarity(question, kept[j]!) - exact)).toBeLessThan(0.01);
      }
    }
  }, 60_000);

  it('the demo content’s vectors that ship with the code are the encoder’s: every seed text is there, and a sample encoded again gives the same bytes', async () => {
    // The texts the assistant encodes for the seed library, as buildAssistantIndex asks for them.
    const texts: string[] = [];
    const asked: SentenceEncoder = {
      encodeContent: async (t) => (texts.push(...t), t.map(() => ({ values: new Int8Array(DIMENSIONS), scale: 1 }))),
      encodeQuestion: async () => new Float32Array(DIMENSIONS),
      keepOnlyUsed: () => {},
      keepIn: () => {},
    };
    await buildAssistantIndex(buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z')), READS_ALL, { encoder: asked });
    const unique = [...new Set(texts)];
    // What a fresh demo site reads instead of encoding (server.ts: withVectorFiles).
    const stored = readVectorFile(DEMO_VECTORS_FILE);
    const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');
    // Every one is there (else test/ai/write-stored-vectors.ts has not been run since the seed changed).
    expect(unique.filter((t) => !stored.has(hashOf(t)))).toEqual([]);
    const sample = Array.from({ length: 12 }, (_, i) => unique[Math.floor((i * unique.length) / 12)]!);
    const fresh = await createSentenceEncoder().encodeContent(sample);
    sample.forEach((text, i) => {
      const kept = stored.get(hashOf(text))!;
      expect(Math.abs(kept.scale - fresh[i]!.scale) / fresh[i]!.scale, text).toBeLessThan(0.01);
      const bytes = new Int8Array(kept.bytes.buffer, kept.bytes.byteOffset, DIMENSIONS);
      expect(Math.max(...fresh[i]!.values.map((b, k) => Math.abs(b - bytes[k]!))), text).toBeLessThanOrEqual(1);
    });
  }, 60_000);
});
