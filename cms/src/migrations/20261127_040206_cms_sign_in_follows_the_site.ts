import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 34: Payload's per-account lock is off (sign-ins are throttled per account and address by
// the site's throttle), and a CMS user linked to a site admin keeps no password and no session
// from before (their only way in is the site session, checked on every request).

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."users" DROP COLUMN "login_attempts";
  ALTER TABLE "cms"."users" DROP COLUMN "lock_until";
  UPDATE "cms"."users" SET "hash" = NULL, "salt" = NULL WHERE "site_user_id" IS NOT NULL;
  DELETE FROM "cms"."users_sessions" WHERE "_parent_id" IN (SELECT "id" FROM "cms"."users" WHERE "site_user_id" IS NOT NULL);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."users" ADD COLUMN "login_attempts" numeric DEFAULT 0;
  ALTER TABLE "cms"."users" ADD COLUMN "lock_until" timestamp(3) with time zone;`)
}
