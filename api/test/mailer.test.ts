import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../src/integrations/mailer.ts';
import { silentLogger } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

/** A real SMTP server on a free port, keeping each message's raw text. */
let smtp: SMTPServer;
let smtpUrl: string;
const received: string[] = [];
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of each client: a look-up with no resolver to ask costs each connection its time-out.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await testDb?.drop();
});

it("signs every mail with the site's current name (its settings) unless MAIL_FROM says otherwise", async () => {
  let siteName = 'Better Self';
  const mailer = createMailer({ db: testDb.db, logger: silentLogger, smtpUrl, from: () => ({ name: siteName, address: 'no-reply@site.test' }) });
  await mailer.send({ to: 'ann@example.com', subject: 'First', text: 'Hello.' });
  // An admin renames the site in Settings: the next mail carries the new name.
  siteName = 'Morning Pages';
  await mailer.send({ to: 'ann@example.com', subject: 'Second', text: 'Hello again.' });
  expect(received).toHaveLength(2);
  expect(received[0]).toMatch(/^From: Better Self <no-reply@site\.test>$/m);
  expect(received[1]).toMatch(/^From: Morning Pages <no-reply@site\.test>$/m);

  const fixed = createMailer({ db: testDb.db, logger: silentLogger, smtpUrl, from: 'Studio Mail <mail@studio.test>' });
  await fixed.send({ to: 'ann@example.com', subject: 'Third', text: 'Fixed sender.' });
  expect(received[2]).toMatch(/^From: Studio Mail <mail@studio\.test>$/m);
});
