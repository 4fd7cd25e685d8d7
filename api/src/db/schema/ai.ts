import { TALK_STATUSES, type AiAnswer } from '@app/shared/browser';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

export const TALK_PROVIDERS = ['local', 'did'] as const;

/**
 * One question to the AI assistant and its answer (spec 02 §7 "POST /api/ai/talk"). Kept here, not
 * in memory, so any API instance can answer the page's polling. A talk belongs to whoever asked:
 * a member (`owner_user_id`) or a visitor's asker cookie (`owner_visitor`, its SHA-256); nobody
 * else reads it. The answer was composed for the asker's tier at asking time.
 */
export const aiTalks = app.table(
  'ai_talks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerVisitor: text('owner_visitor'),
    /** The page's chat: a follow-up question leans on the one asked before it in the same conversation. */
    conversationId: uuid('conversation_id'),
    presenterId: text('presenter_id').notNull(),
    question: text('question').notNull(),
    answer: jsonb('answer').$type<AiAnswer>().notNull(),
    provider: text('provider', { enum: TALK_PROVIDERS }).notNull(),
    /** The talk's id at D-ID (null for offline presenters, whose talks are done at once). */
    providerTalkId: text('provider_talk_id'),
    status: text('status', { enum: TALK_STATUSES }).notNull(),
    resultUrl: text('result_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ai_talks_one_owner', sql`(${t.ownerUserId} is null) <> (${t.ownerVisitor} is null)`),
    index('ai_talks_member_conversation_idx').on(t.ownerUserId, t.conversationId, t.createdAt),
    index('ai_talks_visitor_conversation_idx').on(t.ownerVisitor, t.conversationId, t.createdAt),
    index('ai_talks_created_idx').on(t.createdAt),
  ],
);
