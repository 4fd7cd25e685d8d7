// `npm run mail` — the newest mails in app.mail_outbox (development without SMTP_URL: password
// reset links land there and are never logged). DATABASE_URL defaults to the embedded database.
import pg from 'pg';

const url = process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329}/app`;
const client = new pg.Client({ connectionString: url });
try {
  await client.connect();
  const { rows } = await client.query<{ id: number; to: string; subject: string; text: string; created_at: Date }>(
    'select id, "to", subject, text, created_at from app.mail_outbox order by id desc limit 5',
  );
  if (!rows.length) console.log('The outbox is empty.');
  for (const m of rows.reverse()) console.log(`── #${m.id} ${m.created_at.toISOString()} to ${m.to}\n   ${m.subject}\n\n${m.text}\n`);
} catch (err) {
  console.error(`Could not read the outbox at ${url.replace(/:[^:@/]+@/, ':***@')}: ${(err as Error).message} (is \`npm start\` running?)`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
