import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mailer.ts';

/** What the account use cases need from the outside world. */
export type AccountDeps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string };
