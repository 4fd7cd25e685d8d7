import { describe, expect, it } from 'vitest';
import { ADMIN_SECTION_IDS, ADMIN_SECTIONS } from './admin-sections.ts';
import { urlOf } from './endpoints.ts';
import { MODERATED_KIND_LISTS, REPORT_TYPES } from './moderated-kinds.ts';
import { can, type Viewer } from './permissions.ts';

const as = (role: 'member' | 'moderator' | 'admin'): Viewer => ({ id: 1, tier: 'free', role, status: 'active' });

describe('the admin dashboard’s sections (issue 35)', () => {
  it('gives every section a staff power of `can`: admins hold them all, members none, moderators Chat Rooms and Content Moderation only', () => {
    for (const id of ADMIN_SECTION_IDS) {
      const { power } = ADMIN_SECTIONS[id];
      expect(can(as('admin'), power), id).toBe(true);
      expect(can(as('member'), power), id).toBe(false);
    }
    expect(ADMIN_SECTION_IDS.filter((id) => can(as('moderator'), ADMIN_SECTIONS[id].power))).toEqual(['chat-rooms', 'moderation']);
  });

  it('lists the sections in the dashboard’s tab order, each with its name', () => {
    expect(ADMIN_SECTION_IDS.map((id) => ADMIN_SECTIONS[id].label)).toEqual(['Articles', 'Users', 'Members & Revenue', 'Orders', 'Chat Rooms', 'Content Moderation', 'Deployment', 'YouTube', 'Settings', 'System', 'Audit Log']);
  });

  it('names each call once: no two calls of the dashboard share a method and path', () => {
    const calls = ADMIN_SECTION_IDS.flatMap((id) => Object.values(ADMIN_SECTIONS[id].api).map((e) => `${e.method} ${e.path}`));
    expect(calls.length).toBeGreaterThan(30);
    expect(new Set(calls).size).toBe(calls.length);
    for (const call of calls) expect(call).toMatch(/^(GET|POST|PUT|DELETE) \/api\//);
  });

  it('gives Content Moderation every moderated kind’s table', () => {
    const moderation = Object.values(ADMIN_SECTIONS.moderation.api);
    for (const type of REPORT_TYPES) expect(moderation).toContain(MODERATED_KIND_LISTS[type]);
  });
});

describe('an endpoint’s URL', () => {
  it('fills in its parameters, encoded, and refuses to leave one out', () => {
    expect(urlOf(ADMIN_SECTIONS.moderation.api.moderateContent, { contentType: 'article', contentId: 7 })).toBe('/api/admin/content/article/7/moderate');
    expect(urlOf(ADMIN_SECTIONS.orders.api.list)).toBe('/api/admin/orders');
    expect(urlOf(ADMIN_SECTIONS.users.api.setRole, { userId: 'a/b' })).toBe('/api/admin/users/a%2Fb/role');
    expect(() => urlOf(ADMIN_SECTIONS['chat-rooms'].api.messages)).toThrow('needs its :roomId');
  });
});
