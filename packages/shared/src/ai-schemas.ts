import { z } from 'zod';
import { AI_QUESTION_MAX } from './ai.ts';

export * from './ai.ts';

/** POST /api/ai/talk. `conversation_id` (chosen by the page, one per chat) lets a follow-up lean on the question before it. */
export const AskAssistantSchema = z.object({
  text: z
    .string({ error: 'Please type a question.' })
    .trim()
    .min(1, 'Please type a question.')
    .max(AI_QUESTION_MAX, `Questions can be at most ${AI_QUESTION_MAX.toLocaleString('en-US')} characters.`),
  presenter_id: z.string({ error: 'Please choose a presenter.' }).trim().min(1, 'Please choose a presenter.').max(200, 'Unknown presenter.'),
  conversation_id: z.uuid('conversation_id must be a UUID').optional(),
});
export type AskAssistantInput = z.infer<typeof AskAssistantSchema>;
