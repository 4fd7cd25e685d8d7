// Lab (issue 38): encodes the texts of a JSON list (argv[2]) into argv[3], through the disk cache. Not part of the test suite.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { sentenceEncoder } from '../../../src/domain/ai/sentence-encoder.ts';
const CACHE = '/tmp/ai-exp/vectors.json';
const cache: Record<string, number[]> = existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
const h = (t: string) => createHash('sha256').update(t).digest('base64url');
const texts: string[] = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const missing = [...new Set(texts.filter((t) => !cache[h(t)]))];
const t0 = performance.now();
const out = await sentenceEncoder().encodeContent(missing);
missing.forEach((t, i) => (cache[h(t)] = Array.from(out[i]!, (x) => Math.round(x * 1e5) / 1e5)));
console.error(`encoded ${missing.length} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
if (missing.length) writeFileSync(CACHE, JSON.stringify(cache));
writeFileSync(process.argv[3]!, JSON.stringify(texts.map((t) => cache[h(t)])));
process.exit(0);
