import type { CollectionConfig } from 'payload';
import { editorsOnly, editorsOrService } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { contentChangeHooks, draftEndpoints, draftsAndVersions } from './content-hooks';

const WORD = /^[A-Za-z]{3,20}$/;

/** The Word Scramble's pool (spec 02 §3 "Scramble word"): each game deals five; the server scrambles them. */
export const ScrambleWords: CollectionConfig = {
  slug: 'scramble-words',
  labels: { singular: 'Scramble word', plural: 'Scramble words' },
  admin: { useAsTitle: 'word', defaultColumns: ['word', 'hint'], group: 'Fun & Games' },
  access: { read: editorsOrService, create: publishersOnly, update: publishersOnly, delete: publishersOnly, readVersions: editorsOnly },
  versions: draftsAndVersions,
  endpoints: [...draftEndpoints],
  hooks: {
    ...contentChangeHooks,
    beforeValidate: [({ data }) => (data && typeof data.word === 'string' ? { ...data, word: data.word.trim().toUpperCase() } : data)],
  },
  fields: [
    { name: 'word', type: 'text', required: true, unique: true, validate: (value: unknown) => (typeof value === 'string' && WORD.test(value)) || 'One word of 3 to 20 letters, A to Z.' },
    { name: 'hint', type: 'text', maxLength: 120, admin: { description: 'Shown under the scrambled letters.' } },
  ],
};
