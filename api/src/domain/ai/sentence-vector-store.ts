import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { sentenceVectors } from '../../db/schema/index.ts';
import type { SentenceVectorStore } from './sentence-encoder.ts';

/** Rows per query: well inside PostgreSQL's parameter limit, a few hundred KB each way. */
const CHUNK = 1000;

/**
 * The encoder's vectors in PostgreSQL (app.sentence_vectors), shared by every instance (issue 50
 * #5). A failure to read or write is logged and costs only encoding again: an answer never waits
 * on it failing.
 */
export function createSentenceVectorStore(db: Db, logger: Logger): SentenceVectorStore {
  return {
    async read(model, hashes) {
      const found = new Map<string, { bytes: Uint8Array; scale: number }>();
      try {
        for (let i = 0; i < hashes.length; i += CHUNK) {
          const rows = await db
            .select({ textHash: sentenceVectors.textHash, scale: sentenceVectors.scale, vector: sentenceVectors.vector })
            .from(sentenceVectors)
            .where(and(eq(sentenceVectors.model, model), inArray(sentenceVectors.textHash, hashes.slice(i, i + CHUNK))));
          for (const r of rows) found.set(r.textHash, { bytes: r.vector, scale: r.scale });
        }
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'could not read the stored sentence vectors; encoding instead');
      }
      return found;
    },
    async write(model, vectors) {
      const rows = [...vectors].map(([textHash, m]) => ({ model, textHash, scale: m.scale, vector: Buffer.from(m.values.buffer, m.values.byteOffset, m.values.length) }));
      try {
        // Another instance may have stored the same text meanwhile: its vector is the same one.
        for (let i = 0; i < rows.length; i += CHUNK) await db.insert(sentenceVectors).values(rows.slice(i, i + CHUNK)).onConflictDoNothing();
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'could not store sentence vectors');
      }
    },
  };
}
