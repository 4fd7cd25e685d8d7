import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 35: tiers are text checked against the catalogue (@app/shared) by the CMS's fields, not
// Postgres enums, so adding a tier needs no schema change. Every stored value is kept as it was.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" DROP DEFAULT;
  ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" SET DATA TYPE varchar USING "membership_required"::text;
  ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" SET DEFAULT 'free';
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" DROP DEFAULT;
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" SET DATA TYPE varchar USING "membership_required"::text;
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" SET DEFAULT 'free';
  ALTER TABLE "cms"."membership_plans" ALTER COLUMN "tier" SET DATA TYPE varchar USING "tier"::text;
  DROP TYPE "cms"."enum_articles_membership_required";
  DROP TYPE "cms"."enum_videos_membership_required";
  DROP TYPE "cms"."enum_membership_plans_tier";`)
}

// Back to the enums of before: refused (an invalid enum value) if a tier added since is stored.
export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "cms"."enum_articles_membership_required" AS ENUM('free', 'pro', 'vip');
  CREATE TYPE "cms"."enum_videos_membership_required" AS ENUM('free', 'pro', 'vip');
  CREATE TYPE "cms"."enum_membership_plans_tier" AS ENUM('free', 'pro');
  ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" DROP DEFAULT;
  ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" SET DATA TYPE "cms"."enum_articles_membership_required" USING "membership_required"::"cms"."enum_articles_membership_required";
  ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" SET DEFAULT 'free'::"cms"."enum_articles_membership_required";
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" DROP DEFAULT;
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" SET DATA TYPE "cms"."enum_videos_membership_required" USING "membership_required"::"cms"."enum_videos_membership_required";
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" SET DEFAULT 'free'::"cms"."enum_videos_membership_required";
  ALTER TABLE "cms"."membership_plans" ALTER COLUMN "tier" SET DATA TYPE "cms"."enum_membership_plans_tier" USING "tier"::"cms"."enum_membership_plans_tier";`)
}
