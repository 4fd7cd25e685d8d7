// `npm run create-admin -- --username NAME --email EMAIL --password PASS`
// Creates the first admin (or promotes an existing account). Missing values are read from
// ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, then asked for interactively.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
// The core class: the account schemas are zod/mini's (forms.ts), whose errors are not classic ZodErrors.
import { $ZodError } from 'zod/v4/core';
import { GRANTED_TIER } from '@app/shared/browser';
import { EmailSchema, PasswordSchema, UsernameSchema } from '@app/shared/schemas';
import { createDb, migrateDb } from '../db/client.ts';
import { ensureAccount } from '../domain/accounts/ensure-accounts.ts';

const { values } = parseArgs({ options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } } });
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (for the embedded database: postgres://postgres:postgres@127.0.0.1:54329/app while `npm start` runs).');
  process.exit(1);
}

const rl = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : null;
async function value(flag: string | undefined, env: string | undefined, question: string): Promise<string> {
  if (flag) return flag;
  if (env) return env;
  if (!rl) throw new Error(`${question} is required (flag or environment variable)`);
  return (await rl.question(`${question}: `)).trim();
}

try {
  const username = UsernameSchema.parse(await value(values.username, process.env.ADMIN_USERNAME, 'Admin username'));
  const email = EmailSchema.parse(await value(values.email, process.env.ADMIN_EMAIL, 'Admin email'));
  const password = PasswordSchema.parse(await value(values.password, process.env.ADMIN_PASSWORD, 'Admin password'));
  const db = createDb(url, 1);
  await migrateDb(db);
  const outcome = await ensureAccount(db, { username, email, password, admin: true, tier: GRANTED_TIER }, { promote: true });
  console.log(outcome === 'created' ? `Created admin ${username}.` : `${username} is now an admin with the new password.`);
  await db.$client.end();
} catch (err) {
  const reason = err instanceof $ZodError ? err.issues.map((i) => i.message).join('; ') : err instanceof Error ? err.message : String(err);
  console.error(`Could not create the admin: ${reason}`);
  process.exitCode = 1;
} finally {
  rl?.close();
}
