import type { AnswerOf, MODERATED_KIND_LISTS, ReportType, Role } from '@app/shared/browser';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** Staff's words are left to admins (issue 34): a moderator cannot hide, show or delete them. */
export const STAFF_CONTENT_REFUSAL = 'Only an admin can moderate what staff wrote.';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Anything a member wrote, as moderation sees it. */
export type ContentItem = {
  type: ReportType;
  id: number;
  authorId: number;
  /** The author's role: staff content is never hidden automatically (DESIGN §7.15). */
  authorRole: Role;
  text: string;
  isHidden: boolean;
  hiddenReason: string | null;
  moderationNotes: string | null;
  link: string;
};

export type Visibility = { hidden: true; reason: string | null; notes: string | null; by: number | null } | { hidden: false; by: number | null };

/** What an admin list reads besides the database: the content (an article's title). */
export type AdminListContext = { db: Db; content: ContentIndex };

/**
 * One kind of content moderation knows (Discourse's reviewable types): how to find items, change
 * their visibility, link to them, who may report them, who may read them in members' lists, its
 * table in Content Moderation, and what goes with them when they are deleted. Its names and its
 * table's endpoint are its entries in @app/shared's moderated-kinds.ts. Adding a reportable kind is
 * that entry, one file like `kinds/comment.ts` and its line in `registry.ts`.
 */
export type ModeratedKind<T extends ReportType = ReportType> = {
  type: T;
  find(db: Db | Tx, ids: number[]): Promise<ContentItem[]>;
  /** Hides or shows one item (showing a held chat message approves it). */
  setVisibility(tx: Tx, item: ContentItem, v: Visibility): Promise<void>;
  /**
   * Throws when this member may not read this item beyond the common rules (e.g. a room they
   * cannot enter): reporting it and moderating it both need that.
   */
  checkReader(db: Db, reader: UserRow, item: ContentItem): Promise<void>;
  /** Of these items, the ids this member may read: the review queue shows staff only those. */
  readableBy(db: Db, reader: UserRow, items: ContentItem[]): Promise<Set<number>>;
  /**
   * The read filter of every list members see of this kind: hidden (and held) items reach only
   * their author and those who moderate; `undefined` when the viewer sees them all. Lists mark a
   * hidden item for those who may see it (its DTO); the kind decides which rows they get.
   */
  visibleTo(viewer: UserRow | null): SQL | undefined;
  /**
   * Its table in Content Moderation (GET on its MODERATED_KIND_LISTS endpoint): every item staff may need to
   * act on, hidden ones too, for those who moderate. `query` is the request's query string.
   */
  adminList(ctx: AdminListContext, caller: UserRow | null, query: unknown): Promise<AnswerOf<(typeof MODERATED_KIND_LISTS)[T]>>;
  /** What goes with deleted items of this kind (their reports), in the deleting transaction. */
  forget(tx: Tx, ids: number[]): Promise<void>;
};
