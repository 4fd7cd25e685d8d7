// Writes api/test/ai/sentence-vectors.bin (stored-vectors.ts): the real encoder's vectors of every
// text the assistant encodes for the tests' libraries, for every reader. Run it after the seed
// content, the generated library or what the assistant encodes changes:
//   scripts/node.sh node --conditions=development api/test/ai/write-stored-vectors.ts
import { toSnapshot } from '@app/shared/server';
import { prepareAssistant } from '../../src/domain/ai/assistant-index.ts';
import { type Meaning, sentenceEncoder } from '../../src/domain/ai/sentence-encoder.ts';
import { buildContentIndex } from '../../src/domain/content/content-index.ts';
import { seedRecords } from '../seed-content.ts';
import { generatedArticles } from './generated-library.ts';
import { writeStoredVectors } from './stored-vectors.ts';

const all = new Map<string, Meaning>();
sentenceEncoder().keepIn({ read: async () => new Map(), write: async (_model, vectors) => void vectors.forEach((m, h) => all.set(h, { values: Int8Array.from(m.values), scale: m.scale })) });
for (const library of [await seedRecords(), await seedRecords(generatedArticles(300))]) {
  await prepareAssistant(buildContentIndex(toSnapshot(library, '2026-01-01T00:00:00.000Z')));
}
writeStoredVectors(all);
console.log(`wrote ${all.size} vectors`);
process.exit(0);
