// Every API test file's process-wide encoder looks up the tests' stored vectors before it encodes
// (ai/stored-vectors.ts), as a server looks up app.sentence_vectors: the same vectors, read back.
import { sentenceEncoder } from '../src/domain/ai/sentence-encoder.ts';
import { storedVectorStore } from './ai/stored-vectors.ts';

sentenceEncoder().keepIn(storedVectorStore());
