import { or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { throttleEvents } from '../../db/schema/index.ts';

/** Words then a colon, once or more: `chat:`, `ai:member:`, `mail:sign-in-attempts:`. */
const KEY_PREFIX = '^([a-z-]+:)+$';

/**
 * Forgets every recorded attempt whose key names this member, when their account is deleted
 * (issue 34): keys end in the member's id (`comment:42`, `ai:member:42`) or address
 * (`reset:ann@example.com`, `mail:sign-up-attempt:…`), after words and colons only — so an
 * address key (`login:ip:2001:db8::42`) never matches an id — or are their sign-in failures from
 * an address (`login:account-ip:<username>:<ip>`). Keys naming only an address or a domain stay:
 * they limit whoever is there, not the member.
 */
export async function forgetMemberAttempts(db: Pick<Db, 'delete'>, member: { id: number; username: string; email: string }): Promise<void> {
  const endsWith = (value: string) =>
    sql`(right(${throttleEvents.key}, ${value.length}) = ${value} and left(${throttleEvents.key}, ${-value.length}) ~ ${KEY_PREFIX})`;
  const names = [String(member.id), ...(member.email ? [member.email] : [])];
  await db
    .delete(throttleEvents)
    .where(or(...names.map(endsWith), sql`starts_with(${throttleEvents.key}, ${`login:account-ip:${member.username.toLowerCase()}:`})`));
}
