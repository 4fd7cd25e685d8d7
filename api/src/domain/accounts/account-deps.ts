import { DEFAULT_SITE_SETTINGS } from '@app/shared/browser';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../ports/mailer.ts';

/**
 * What the account use cases need from the outside world. `siteName` is the site's name from its
 * settings (the read model's), which every mail says; unset, the default settings' name.
 */
export type AccountDeps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string; siteName?: () => string };

/** The site's name for a mail. */
export function siteNameOf(deps: Pick<AccountDeps, 'siteName'>): string {
  return deps.siteName?.() ?? DEFAULT_SITE_SETTINGS.siteName;
}
