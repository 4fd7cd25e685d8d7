import { ADMIN_SECTION_IDS, ADMIN_SECTIONS, urlOf, type Endpoint } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { sectionRouter } from '../src/routes/admin/section-router.ts';
import type { SignInRule } from '../src/routes/login-required.ts';
import { appForThisFile } from './file-app.ts';
import { enrolStaffFactor } from './second-factor-helpers.ts';

const t = appForThisFile();

/** Every call of a section, its parameters filled in. */
const callsOf = (id: (typeof ADMIN_SECTION_IDS)[number]) =>
  Object.entries<Endpoint>(ADMIN_SECTIONS[id].api).map(([name, e]) => ({ name, e, url: urlOf(e, Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map(([, p]) => [p!, 1]))) }));
const send = (client: Awaited<ReturnType<typeof t.member>>, e: Endpoint, url: string) =>
  e.method === 'GET' ? client.get(url) : e.method === 'POST' ? client.post(url, {}) : e.method === 'PUT' ? client.put(url, {}) : client.delete(url, {});
const REFUSAL = { administer: 'Admin access required.', moderate: 'Moderator access required.' } as const;

describe('the admin dashboard’s sections, on the API (issue 35)', () => {
  it('mounts every section’s router: each call of every section is a route of the app that needs a session', () => {
    const rules = (t.app.app.locals.signInRules as SignInRule[]).map((r) => `${r.method} /api${r.path}`);
    for (const id of ADMIN_SECTION_IDS) for (const { name, e } of callsOf(id)) expect(rules, `${id}.${name}`).toContain(`${e.method} ${e.path}`);
  });

  it('does not build a section’s router that leaves one of its calls unanswered', () => {
    const noOne = async () => null;
    expect(() => sectionRouter('system', noOne, () => {})).toThrow('The system section’s router does not answer report');
    expect(() => sectionRouter('audit', noOne, (route) => route('list', (_req, res) => void res.end()))).toThrow('does not answer csv');
  });

  it('types each call’s answer by its endpoint (a wrong answer does not compile)', () => {
    const router = sectionRouter('system', async () => null, (route) => {
      // @ts-expect-error: the System tab's report is not a list
      route('report', (_req, res) => void res.json([]));
    });
    expect(router.stack).toHaveLength(1);
  });

  it('refuses a member every call of every section with the refusal of the section’s power, before anything is read', async () => {
    const member = await t.member('sections_member', 'vip');
    for (const id of ADMIN_SECTION_IDS) {
      for (const { name, e, url } of callsOf(id)) {
        const res = await send(member, e, url);
        expect({ call: `${id}.${name}`, status: res.status, message: res.body?.message }).toEqual({ call: `${id}.${name}`, status: 403, message: REFUSAL[ADMIN_SECTIONS[id].power] });
      }
    }
  });

  it('refuses a moderator the sections that need the administer power, and lets them into the others', async () => {
    const moderator = await t.member('sections_moderator');
    await t.testDb.db.update(users).set({ role: 'moderator' }).where(eq(users.username, 'sections_moderator'));
    await enrolStaffFactor(moderator, 'sections_moderator');
    for (const id of ADMIN_SECTION_IDS) {
      for (const { name, e, url } of callsOf(id)) {
        if (ADMIN_SECTIONS[id].power === 'administer') {
          const res = await send(moderator, e, url);
          expect({ call: `${id}.${name}`, status: res.status, message: res.body?.message }).toEqual({ call: `${id}.${name}`, status: 403, message: REFUSAL.administer });
        } else if (e.method === 'GET' && !e.path.includes(':')) {
          expect((await moderator.get(url)).status, `${id}.${name}`).toBe(200);
        }
      }
    }
  });
});
