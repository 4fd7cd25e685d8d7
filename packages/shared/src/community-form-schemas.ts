// The bulletin's and the chat room's forms (spec 02 §5): the API parses their requests with these
// schemas and the islands validate with them before sending, so a rule and its message live here
// only. Written with zod/mini, which the community and chat pages can ship (a few kB, where full
// zod is about 25 kB gzipped); eslint keeps this file on zod/mini.
import * as z from 'zod/mini';
import { BULLETIN_CATEGORIES, BULLETIN_CONTENT, BULLETIN_TITLE, ROOM_DESCRIPTION, ROOM_NAME } from './community.ts';
import { inWords } from './tier-catalogue.ts';
import { TIERS } from './tiers.ts';

/** A trimmed text of `min` to `max` characters, `what` naming it in the messages ("Title must be at least 3 characters"). */
function text(what: string, { min, max }: { min: number; max: number }) {
  const tooShort = `${what} must be at least ${min} characters`;
  return z.string({ error: tooShort }).check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, `${what} must be at most ${max} characters`));
}

/** POST /api/bulletin (spec 02 §5 "Bulletin post"). */
export const CreateBulletinPostSchema = z.object({
  title: text('Title', BULLETIN_TITLE),
  content: text('Content', BULLETIN_CONTENT),
  category: z.enum(BULLETIN_CATEGORIES, { error: 'Please select a category' }),
});
export type CreateBulletinPostInput = z.infer<typeof CreateBulletinPostSchema>;

/** POST /api/chat/rooms (spec 02 §5 "Chat room"). */
export const CreateChatRoomSchema = z.object({
  name: text('Room name', ROOM_NAME),
  description: text('Description', ROOM_DESCRIPTION),
  membershipRequired: z._default(z.enum(TIERS, { error: `Choose ${inWords(TIERS, 'or')}` }), 'free'),
  isPrivate: z._default(z.boolean(), false),
});
export type CreateChatRoomInput = z.infer<typeof CreateChatRoomSchema>;
