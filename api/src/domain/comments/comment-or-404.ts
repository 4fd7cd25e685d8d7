import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CommentRow } from './comment-dto.ts';

/** A comment that exists and is not deleted, else 404. */
export async function commentOr404(db: Db, id: number): Promise<CommentRow> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  if (!row || row.deletedAt) throw new AppError('not_found', 'Comment not found');
  return row;
}
