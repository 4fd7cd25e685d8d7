import { describe, expect, it } from 'vitest';
import { importerFor, IMPORTERS } from '../src/domain/articles/importers.ts';

describe('the importers are one list, each declaring the files it takes', () => {
  it('gives every file extension to one importer at most, case-insensitively', () => {
    const all = IMPORTERS.flatMap((i) => i.extensions);
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((ext) => /^\.[a-z0-9]+$/.test(ext))).toBe(true);
    expect([importerFor('posts/Hello.MD')?.id, importerFor('ghost-export.json')?.id, importerFor('site.WordPress.2026-11-27.xml')?.id, importerFor('style.css')]).toEqual(['markdown', 'ghost', 'wordpress', undefined]);
  });

  it('lets an export come on its own with its own refusal, and an article only inside a ZIP', () => {
    for (const importer of IMPORTERS) {
      expect(importer.cap.bytes).toBeGreaterThan(0);
      if (importer.kind === 'export') expect(importer.notOne, importer.id).toMatch(/is not a .+ export/);
      else expect(importer.notOne, importer.id).toBeUndefined();
    }
  });

  it('reads a file into the one candidate form, and says null for an export it does not recognise', async () => {
    const markdown = importerFor('a.md')!;
    const read = await markdown.read({ name: 'a.md', source: '---\ntitle: Hello\ncategory: health\n---\nBody text.' }, { includePages: false });
    expect(read?.candidates[0]).toMatchObject({ title: 'Hello' });
    expect(await importerFor('x.json')!.read({ name: 'x.json', source: '{"not":"ghost"}' }, { includePages: false })).toBeNull();
    expect(await importerFor('x.xml')!.read({ name: 'x.xml', source: '<rss></rss>' }, { includePages: false })).toBeNull();
  });
});
