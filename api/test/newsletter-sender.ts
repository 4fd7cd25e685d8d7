// A newsletter sender in a process of its own, for the test that kills it halfway:
// `node api/test/newsletter-sender.ts` with DATABASE_URL, SMTP_URL and ARTICLE (the article as
// the read model holds it, JSON). It sends through real SMTP and says over IPC how many it sent.
import type { ContentReadModel } from '../src/domain/content/content-read-model.ts';
import { createDb } from '../src/db/client.ts';
import { sendNewsletters } from '../src/domain/notifications/newsletter.ts';
import { createMailer } from '../src/integrations/mailer.ts';
import { silentLogger, TEST_SECRET } from './test-app.ts';

const db = createDb(process.env.DATABASE_URL!, 3);
const article = JSON.parse(process.env.ARTICLE!) as { summary: { id: number } };
const content = { current: () => ({ articles: new Map([[article.summary.id, article]]) }) } as unknown as ContentReadModel;
const mailer = createMailer({ db, logger: silentLogger, smtpUrl: process.env.SMTP_URL!, from: 'site@example.com' });
let sent = 0;
const counting = {
  send: async (mail: Parameters<typeof mailer.send>[0]) => {
    await mailer.send(mail);
    process.send!({ sent: ++sent });
  },
};
await sendNewsletters({ db, mailer: counting, logger: silentLogger, publicUrl: 'https://site.example', internalSecret: TEST_SECRET, siteName: () => 'Better Self', content, mailsPerSecond: 100 }, 60_000);
process.send!({ done: true });
