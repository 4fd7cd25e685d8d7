import { QUIZ_OPTIONS } from '@app/shared/browser';
import type { CollectionConfig } from 'payload';
import { editorsOnly, editorsOrService } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { contentChangeHooks, draftEndpoints, draftsAndVersions } from './content-hooks';

/**
 * The Fun & Games quiz's pool (spec 02 §3 "Quiz question"): each game deals five at random. The
 * right answer is the answer key the API keeps, so reads are for editors and our services only.
 */
export const QuizQuestions: CollectionConfig = {
  slug: 'quiz-questions',
  labels: { singular: 'Quiz question', plural: 'Quiz questions' },
  admin: { useAsTitle: 'question', defaultColumns: ['question', 'correctAnswer'], group: 'Fun & Games' },
  access: { read: editorsOrService, create: publishersOnly, update: publishersOnly, delete: publishersOnly, readVersions: editorsOnly },
  versions: draftsAndVersions,
  endpoints: [...draftEndpoints],
  hooks: contentChangeHooks,
  fields: [
    { name: 'question', type: 'text', required: true, maxLength: 300 },
    { name: 'options', type: 'array', required: true, minRows: QUIZ_OPTIONS, maxRows: QUIZ_OPTIONS, fields: [{ name: 'text', type: 'text', required: true, maxLength: 120 }], admin: { description: `Exactly ${QUIZ_OPTIONS} options, shown in this order.` } },
    { name: 'correctAnswer', type: 'number', required: true, min: 0, max: QUIZ_OPTIONS - 1, admin: { step: 1, description: 'Which option is right: 0 for the first, 1 for the second, and so on.' } },
  ],
};
