import { type MigrateUpArgs, type MigrateDownArgs, sql } from '@payloadcms/db-postgres';

// Issue 52 #3: a CMS user who signs in with a password needs an authenticator too (its secret
// sealed, the last code's step, recovery codes hashed; hooks/require-second-factor.ts). Sessions
// opened with a password alone end here: those users sign in again, setting one up.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."users" ADD COLUMN "totp_secret" varchar;
  ALTER TABLE "cms"."users" ADD COLUMN "totp_confirmed_at" timestamp(3) with time zone;
  ALTER TABLE "cms"."users" ADD COLUMN "totp_last_step" numeric DEFAULT 0;
  ALTER TABLE "cms"."users" ADD COLUMN "recovery_code_hashes" jsonb;
  DELETE FROM "cms"."users_sessions" WHERE "_parent_id" IN (SELECT "id" FROM "cms"."users" WHERE "hash" IS NOT NULL);`);
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."users" DROP COLUMN "totp_secret";
  ALTER TABLE "cms"."users" DROP COLUMN "totp_confirmed_at";
  ALTER TABLE "cms"."users" DROP COLUMN "totp_last_step";
  ALTER TABLE "cms"."users" DROP COLUMN "recovery_code_hashes";`);
}
