import type { ReportType } from '@app/shared/browser';
import { bulletinPostKind } from './kinds/bulletin-post.ts';
import { chatMessageKind } from './kinds/chat-message.ts';
import { commentKind } from './kinds/comment.ts';
import type { ModeratedKind } from './moderated-kind.ts';

/**
 * Every kind of content members can report and staff can hide: the queue, reports, the moderate
 * call and Content Moderation's tables (routes/admin/moderation.ts) read this.
 */
export const MODERATED_KINDS: { [T in ReportType]: ModeratedKind<T> } = {
  bulletin: bulletinPostKind,
  chat: chatMessageKind,
  comment: commentKind,
};

export function moderatedKind(type: ReportType): ModeratedKind {
  return MODERATED_KINDS[type];
}
