import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { ADMIN_SECTION_IDS, ADMIN_SECTIONS, MODERATED_KIND_LISTS, type Endpoint } from '@app/shared/browser';
import { describe, expect, it } from 'vitest';
import AdminDashboard from './admin-dashboard';

const here = path.dirname(new URL(import.meta.url).pathname);
const labels = (ids: readonly string[]) => ids.map((id) => ADMIN_SECTIONS[id as keyof typeof ADMIN_SECTIONS].label);

describe('the admin dashboard’s sections (issue 35)', () => {
  it('shows a tab for each section whose power the staff member holds, in the registry’s order', () => {
    const { unmount } = render(<AdminDashboard powers={{ moderate: true, administer: true }} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(labels(ADMIN_SECTION_IDS));
    unmount();
    render(<AdminDashboard powers={{ moderate: true, administer: false }} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(labels(ADMIN_SECTION_IDS.filter((id) => ADMIN_SECTIONS[id].power === 'moderate')));
  });

  const sources = readdirSync(here)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => [f, readFileSync(path.join(here, f), 'utf8')] as const)
    .concat([['lib/youtube-sync.ts', readFileSync(path.join(here, '../../lib/youtube-sync.ts'), 'utf8')]]);
  const endpoints: Endpoint[] = [...ADMIN_SECTION_IDS.flatMap((id) => Object.values(ADMIN_SECTIONS[id].api)), ...Object.values(MODERATED_KIND_LISTS)];
  // An endpoint's path as a panel would write it by hand: its fixed start, up to the first parameter.
  const handWritten = [...new Set(endpoints.map((e) => e.path.split('/:')[0]!))];

  // Reads of other areas' public calls (the categories, the articles, the settings) keep their own stores.
  it('reads and writes through its section’s endpoints, typed by their answers: no panel writes a call’s path or types its answer by hand', () => {
    expect(sources.length).toBeGreaterThan(15);
    for (const [file, source] of sources) {
      expect(source, file).not.toMatch(/\bapi\.(get|post|put|delete)\b/);
      for (const p of handWritten) expect(source.includes(`'${p}`) || source.includes(`\`${p}`) || source.includes(`"${p}`), `${file} writes ${p}`).toBe(false);
    }
  });
});
