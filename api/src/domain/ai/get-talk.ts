import { AI_MESSAGES, type AiTalk } from '@app/shared/browser';
import { and, eq } from 'drizzle-orm';
import { aiTalks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownerOf, talkOwnedBy, type AiDeps, type Asker } from './ai-deps.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('not_found', 'Talk not found');

type TalkRow = typeof aiTalks.$inferSelect;

function toDto(row: TalkRow): AiTalk {
  return { id: row.id, status: row.status, ...(row.resultUrl ? { result_url: row.resultUrl } : {}), answer: row.answer };
}

/**
 * GET /api/ai/talk/{id} (spec 02 §7): only its asker reads a talk (anyone else: 404, as if it did
 * not exist). A D-ID talk still in progress is read again from D-ID and the news kept.
 */
export async function getTalk(deps: AiDeps, id: string, asker: Asker): Promise<AiTalk> {
  const owner = ownerOf(asker);
  if (!owner || !UUID.test(id)) throw notFound();
  const [row] = await deps.db.select().from(aiTalks).where(and(eq(aiTalks.id, id), talkOwnedBy(owner)));
  if (!row) throw notFound();
  if (row.status === 'done' || row.status === 'error' || !row.providerTalkId || row.provider !== deps.presenters.provider) return toDto(row);

  let talk;
  try {
    talk = await deps.presenters.getTalk(row.providerTalkId);
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, provider: row.provider }, 'AI talk status could not be read');
    throw new AppError('unavailable', AI_MESSAGES.statusFailed);
  }
  if (talk.status === row.status && talk.resultUrl === row.resultUrl) return toDto(row);
  const [updated] = await deps.db
    .update(aiTalks)
    .set({ status: talk.status, resultUrl: talk.resultUrl, updatedAt: new Date() })
    .where(eq(aiTalks.id, row.id))
    .returning();
  return toDto(updated!);
}
