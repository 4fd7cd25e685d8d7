/**
 * Run before the CMS server starts (`payload run src/scripts/prepare-db.ts`): applies the
 * committed migrations (already-applied ones are skipped), ensures the first CMS admin, and in
 * demo mode seeds content into an empty database.
 */
import config from '@payload-config';
import { getPayload } from 'payload';
import { giveAuthenticator } from '../auth/second-factor';
import { cmsConfig } from '../config';
import { ensureMembershipPlans } from '../seed/membership-plans';
import { seedActivities } from '../seed/seed-activities';
import { seedContent } from '../seed/seed-content';

const payload = await getPayload({ config });
await payload.db.migrate();

if (cmsConfig.firstAdmin) {
  const { email, password, totpSecret } = cmsConfig.firstAdmin;
  const found = await payload.find({ collection: 'users', where: { email: { equals: email.toLowerCase() } }, limit: 1, overrideAccess: true });
  let admin = found.docs[0];
  if (!admin) {
    admin = await payload.create({ collection: 'users', data: { email, password, name: 'Site admin', role: 'admin' }, overrideAccess: true });
    payload.logger.info(`created CMS admin ${email}`);
  }
  if (totpSecret) await giveAuthenticator(payload, admin.id, totpSecret);
}

if (await ensureMembershipPlans(payload)) payload.logger.info('created the default membership plans');

if (cmsConfig.seedDemoContent) {
  const seeded = await seedContent(payload, (m) => payload.logger.info(m));
  if (!seeded) payload.logger.info('content already present; demo seed skipped');
}

const activities = await seedActivities(payload, { withStudies: cmsConfig.seedDemoContent });
if (activities.length) payload.logger.info(`seeded ${activities.join(', ')}`);
