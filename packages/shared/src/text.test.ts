import { describe, expect, it } from 'vitest';
import { RESERVED_NAME_MESSAGE, reservedNameRefusal } from './accounts.ts';
import { isReservedName, normalizeName } from './text.ts';

describe('normalizeName', () => {
  it.each([
    ['plain names stay as they are', 'Riley Reader', 'Riley Reader'],
    ['full-width letters become plain ones', 'ＲＩＬＥＹ', 'RILEY'],
    ['styled letters become plain ones', '𝐑𝐢𝐥𝐞𝐲', 'Riley'],
    ['zero-width spaces and joiners go', 'Ri\u200bley\u200d\u2060', 'Riley'],
    ['bidi overrides and isolates go', '\u202eyeliR\u202c \u2066x\u2069', 'yeliR x'],
    ['soft hyphens and byte-order marks go', 'Ri\u00adley\ufeff', 'Riley'],
    ['blank look-alikes go', '\u3164\u2800Riley', 'Riley'],
    ['control characters and odd spaces become one space', 'Riley\n\tR.\u00a0\u3000Reader\u0007', 'Riley R. Reader'],
    ['marks stacked deeper than two are cut', 'Ri\u0336\u0336\u0336\u0336\u0336ley', 'Ri\u0336\u0336ley'],
    ['composed accents are kept', 'Zoë Ngô', 'Zoë Ngô'],
    ['edges are trimmed', '  Riley  ', 'Riley'],
  ])('%s', (_why, raw, normal) => {
    expect(normalizeName(raw)).toBe(normal);
  });
});

describe('isReservedName', () => {
  it.each([
    'admin', 'Admin', 'ADMIN', 'Administrator', 'Site Admin', 'siteadmin', 'AdminSam', 'Adm1n', 'Admln', '4dmin', 'Аdmin' /* Cyrillic А */, 'аdmin' /* Cyrillic а */,
    'Αdmin' /* Greek Alpha */, 'Ádmín', 'ädmin', '𝐀𝐝𝐦𝐢𝐧', 'ＡＤＭＩＮ', 'a.d.m.i.n', 'a d m i n', 'A D M I N Kim', 'Ad\u200bmin', 'Admin Kim', 'Kim (admin)',
    'moderator', 'Moderator', 'Moder4tor', 'Mod_erator', 'The Moderators', 'mod', 'Mod Sam', 'ModSam', 'M0D', 'Mod123', 'rnod', 'M o d',
    'staff', 'Staff Team', 'support', 'Customer Support', 'support_team', 'official', 'Official Account', 'Sam Official',
    'Better Self', 'betterself', 'Better-Self HQ', 'B3tter 5elf', 'BetterSelf Support', 'webmaster', 'sysop',
  ])('reserves %s', (name) => {
    expect(isReservedName(name)).toBe(true);
  });

  it.each([
    'Riley Reader', 'Padmini', 'Badminton Bob', 'Modern Mary', 'Admiral Ackbar', 'Staffan', 'Supporter of Cats', 'Self Starter', 'Better Days', 'Moe D', 'free_member', '',
    // Names that only begin or end like a staff name are names like any other.
    'Admina Kim', 'Administrata', 'Modesty', 'Modi', 'Kim Admina', 'Adminah', 'Staffordshire Sam', 'Supportive Sue', 'Officially Ollie', 'Sadmin', 'Moderato Jazz',
  ])('allows %s', (name) => {
    expect(isReservedName(name)).toBe(false);
  });
});

describe('reservedNameRefusal', () => {
  it('refuses a staff name to members with the reserved-name message, and lets "Admina Kim" through', () => {
    expect(reservedNameRefusal('Admin', 'member')).toBe(RESERVED_NAME_MESSAGE);
    expect(reservedNameRefusal('Αdmin', 'member')).toBe(RESERVED_NAME_MESSAGE);
    expect(reservedNameRefusal('Admina Kim', 'member')).toBeNull();
    expect(RESERVED_NAME_MESSAGE).toBe('Names that look like staff or the site itself (such as admin, moderator or support) are reserved. Please choose another.');
  });

  it('refuses a staff-like name to members only', () => {
    expect(reservedNameRefusal('Support Team', 'member')).toBe(RESERVED_NAME_MESSAGE);
    expect(reservedNameRefusal('Support Team', 'moderator')).toBeNull();
    expect(reservedNameRefusal('Support Team', 'admin')).toBeNull();
    expect(reservedNameRefusal('Riley', 'member')).toBeNull();
  });
});
