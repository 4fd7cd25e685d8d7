// Lab (issue 38): each document's category text (title and description), for a category signal. Not part of the test suite.
import { writeFileSync } from 'node:fs';
import { toSnapshot } from '@app/shared/server';
import { buildContentIndex } from '../../../src/domain/content/content-index.ts';
import { assistantDocuments } from '../../../src/domain/ai/assistant-documents.ts';
import { seedRecords } from '../../seed-content.ts';
const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
const cats = new Map([...content.categories.values()].map((c) => [c.title, [c.title, c.description].filter(Boolean).join('. ')]));
writeFileSync('/tmp/ai-exp/doc-cats.json', JSON.stringify(assistantDocuments(content).map((d) => cats.get(d.labels[0] ?? '') ?? 'none')));
