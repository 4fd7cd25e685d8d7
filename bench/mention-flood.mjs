// `node bench/mention-flood.mjs` (issue 47 #1): how many notifications and mails one member can
// cause another in an hour, and ten members together. An hour is replayed through the real
// `notify` and the real mail round (every 10 s, as NOTIFICATION_MAIL_INTERVAL_MS), against a real
// PostgreSQL: each sender at the most their limits allow — a chat message every 1.5 s (20 per
// 30 s) across three rooms, a comment every 12 s (5 a minute) each on another article, a bulletin
// post every 2 minutes (5 per 10 minutes) — each naming the target, who asked for mentions in the
// app and by mail. Time passes by moving every notification's time back, 15 s at a time.
// BENCH_ONLY=one: the one member alone.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createDb, migrateDb } from '@app/api/db';
import { notify } from '@app/api/domain/notifications/notify';
import { sendNotificationMails } from '@app/api/domain/notifications/notification-mails';
import { createMailer } from '@app/api/integrations/mailer';
import { ensureDatabase, startEmbeddedPostgres } from '@app/embedded-db';
import pino from 'pino';
import { root } from '../scripts/lib/stack.mjs';

const STEP_MS = 1500;
const HOUR_STEPS = 3_600_000 / STEP_MS;
const dataDir = path.join(root, '.data/bench-mention-flood');
await rm(dataDir, { recursive: true, force: true });
const pg = await startEmbeddedPostgres({ dataDir, port: 54394 });
await ensureDatabase(pg.url(), 'app');
const db = createDb(pg.url('app'), 5);
await migrateDb(db);
const logger = pino({ level: 'silent' });
const mailDeps = { db, mailer: createMailer({ db, logger, from: 'site@example.com' }), logger, publicUrl: 'https://site.example', internalSecret: 'bench-secret-0123456789', siteName: () => 'Better Self' };
const { rows: people } = await db.$client.query(`insert into app.users (username, email, password_hash, email_confirmed_at, membership_tier)
  select 'flood_' || i, 'flood_' || i || '@example.com', 'x', now(), 'pro' from generate_series(0, 10) i returning id, username`);
const target = people.find((p) => p.username === 'flood_0');
const senders = people.filter((p) => p !== target);

async function hourOf(fromSenders) {
  await db.$client.query('delete from app.notifications; delete from app.mail_outbox');
  await db.$client.query(`insert into app.notification_settings (user_id, mention) values ($1, 'both') on conflict (user_id) do update set mention = 'both', digest = 'off'`, [target.id]);
  let events = 0;
  for (let step = 0; step < HOUR_STEPS; step++) {
    for (const sender of fromSenders) {
      const says = (text, url, place) => notify(db, { kind: 'mention', recipients: [target.id], actorId: sender.id, text: `${sender.username} mentioned you in ${text}`, url, place });
      await says(`Room ${step % 3}`, '/chat', `room:${step % 3}`);
      if (step % 8 === 0) await says(`a comment on Article ${step}`, `/articles/${step}#comments-title`, `article:${step}`);
      if (step % 80 === 0) await says('a bulletin post', '/community', 'bulletin');
      events += 1 + (step % 8 === 0) + (step % 80 === 0);
    }
    // Every 15 s: the mail round (it runs every 10 s) and the clock moved on.
    if (step % 10 === 9) {
      await sendNotificationMails(mailDeps);
      await db.$client.query(`update app.notifications set created_at = created_at - interval '${10 * STEP_MS} milliseconds', folded_at = folded_at - interval '${10 * STEP_MS} milliseconds'`);
    }
  }
  await sendNotificationMails(mailDeps);
  const { rows: [n] } = await db.$client.query('select count(*)::int as rows from app.notifications where user_id = $1', [target.id]);
  const { rows: [m] } = await db.$client.query('select count(*)::int as mails from app.mail_outbox where "to" = $1', [`${target.username}@example.com`]);
  return { events, notifications: n.rows, mails: m.mails };
}

try {
  const one = await hourOf(senders.slice(0, 1));
  console.log(`one member, an hour at their limits: ${one.events} mentions → ${one.notifications} notifications, ${one.mails} mails`);
  if (process.env.BENCH_ONLY === 'one') process.exit(0);
  const ten = await hourOf(senders);
  console.log(`ten members together, an hour: ${ten.events} mentions → ${ten.notifications} notifications, ${ten.mails} mails`);
} finally {
  await db.$client.end();
  await pg.stop();
}
