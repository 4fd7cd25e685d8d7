// Writes the encoder's vectors of every text the assistant encodes for the tests' libraries, for
// every reader (stored-vectors.ts): the demo seed's to api/src/domain/ai/demo-vectors.bin (they
// ship with the code: a fresh demo site reads them instead of encoding), the rest to
// api/test/ai/sentence-vectors.bin. Run it after the seed content, the generated library or what the
// assistant encodes changes:
//   scripts/node.sh node --conditions=development api/test/ai/write-stored-vectors.ts
import { toSnapshot } from '@app/shared/server';
import { prepareAssistant } from '../../src/domain/ai/assistant-index.ts';
import { type Meaning, sentenceEncoder } from '../../src/domain/ai/sentence-encoder.ts';
import { DEMO_VECTORS_FILE, writeVectorFile } from '../../src/domain/ai/vector-file.ts';
import { buildContentIndex } from '../../src/domain/content/content-index.ts';
import { seedRecords } from '../seed-content.ts';
import { generatedArticles } from './generated-library.ts';
import { STORED_VECTORS_FILE } from './stored-vectors.ts';

let written = new Map<string, Meaning>();
sentenceEncoder().keepIn({ read: async () => new Map(), write: async (_model, vectors) => void vectors.forEach((m, h) => written.set(h, { values: Int8Array.from(m.values), scale: m.scale })) });
await prepareAssistant(buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z')));
const demo = written;
written = new Map();
await prepareAssistant(buildContentIndex(toSnapshot(await seedRecords(generatedArticles(300)), '2026-01-01T00:00:00.000Z')));
writeVectorFile(demo, DEMO_VECTORS_FILE);
writeVectorFile(new Map([...written].filter(([h]) => !demo.has(h))), STORED_VECTORS_FILE);
console.log(`wrote ${demo.size} demo vectors and ${written.size} more`);
process.exit(0);
