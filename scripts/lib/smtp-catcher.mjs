// A local stand-in for the mail server production needs (`SMTP_URL` is required with
// NODE_ENV=production): accepts every message over real SMTP and appends it to a JSON-lines file,
// where tests and people read it (`readMail`). Used by the production shape when SMTP_URL is unset.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

/** Quoted-printable bodies (long lines, such as links) decoded, so a link can be found in the text. */
function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** @param {{ port: number, file: string, host?: string }} options `host`: the address it listens on (several hosts reach it on their bridge). */
export async function startSmtpCatcher({ port, file, host = '127.0.0.1' }) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of each client: a look-up with no resolver to ask costs each connection its time-out.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
        const entry = { at: new Date().toISOString(), from: session.envelope.mailFrom?.address ?? null, to: session.envelope.rcptTo.map((r) => r.address), subject, text: /quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw };
        appendFileSync(file, `${JSON.stringify(entry)}\n`);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return { url: `smtp://${host}:${port}`, file, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Every message caught so far, oldest first. */
export function readMail(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}
