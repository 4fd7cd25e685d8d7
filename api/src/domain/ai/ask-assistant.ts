import { AI_MESSAGES, viewerOf, type AiTalkCreated } from '@app/shared/browser';
import type { AskAssistantInput } from '@app/shared/schemas';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { aiTalks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { takeAttempt, waitText, type LimitRule } from '../rate-limit/attempts.ts';
import { ownerOf, talkOwnedBy, type AiDeps, type Asker, type TalkOwner } from './ai-deps.ts';
import { answerQuestion } from './answer-question.ts';
import { availablePresenters } from './list-presenters.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Talks are kept this long; the page only ever polls the newest. */
const KEEP_TALKS = '30 days';

function limitsFor(deps: AiDeps, asker: Asker): LimitRule[] {
  const { limits } = deps;
  const address: LimitRule = { key: `ai:address:${asker.address}`, max: limits.perAddress, windowMs: HOUR_MS };
  if (asker.user) return [{ key: `ai:member:${asker.user.id}`, max: limits.perMember, windowMs: HOUR_MS }, address];
  return [{ key: `ai:visitor-address:${asker.address}`, max: limits.visitorPerAddress, windowMs: HOUR_MS }, address];
}

/** The question asked before this one in the same conversation, by the same asker. */
async function previousQuestion(deps: AiDeps, owner: TalkOwner, conversationId: string | undefined): Promise<string | null> {
  if (!conversationId) return null;
  const [row] = await deps.db
    .select({ question: aiTalks.question })
    .from(aiTalks)
    .where(and(talkOwnedBy(owner), eq(aiTalks.conversationId, conversationId)))
    .orderBy(desc(aiTalks.createdAt))
    .limit(1);
  return row?.question ?? null;
}

/**
 * POST /api/ai/talk (spec 02 §7): the offline presenter composes the answer from the site's
 * content for the asker's tier; a D-ID presenter then gets that answer as its script. Visitors
 * may ask (limited per address), members more (per member and per address).
 */
export async function askAssistant(deps: AiDeps, input: AskAssistantInput, asker: Asker): Promise<AiTalkCreated> {
  const owner = ownerOf(asker);
  if (!owner) throw new AppError('internal', 'An asker needs a member or a visitor token.');
  const presenter = (await availablePresenters(deps)).find((p) => p.id === input.presenter_id);
  if (!presenter) throw new AppError('bad_request', 'Unknown presenter. Please choose one from the list.');
  await takeAttempt(deps.db, limitsFor(deps, asker), (s) => `You have asked a lot of questions. Please wait ${waitText(s)} and try again.`);

  const previous = await previousQuestion(deps, owner, input.conversation_id);
  const answer = await answerQuestion(deps.content.current(), viewerOf(asker.user), input.text, previous);
  let talk = null;
  try {
    talk = await deps.presenters.createTalk(presenter, answer.text);
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, provider: deps.presenters.provider }, 'AI talk could not be created');
    throw new AppError('unavailable', AI_MESSAGES.generateFailed);
  }
  const [row] = await deps.db
    .insert(aiTalks)
    .values({
      ownerUserId: owner.userId,
      ownerVisitor: owner.visitor,
      conversationId: input.conversation_id ?? null,
      presenterId: presenter.id,
      question: input.text,
      answer,
      provider: deps.presenters.provider,
      providerTalkId: talk?.id ?? null,
      // An offline presenter's talk is done at once: its answer is the text.
      status: talk?.status ?? 'done',
      resultUrl: talk?.resultUrl ?? null,
    })
    .returning({ id: aiTalks.id });
  await deps.db.delete(aiTalks).where(lt(aiTalks.createdAt, sql`now() - ${KEEP_TALKS}::interval`));
  return { id: row!.id };
}

