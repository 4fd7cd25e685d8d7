import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 36: the tick box's state lives in `_status` now (the previous migration copied it).

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" DROP COLUMN "published";
  ALTER TABLE "cms"."_articles_v" DROP COLUMN "version_published";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" ADD COLUMN "published" boolean DEFAULT true;
  ALTER TABLE "cms"."_articles_v" ADD COLUMN "version_published" boolean DEFAULT true;
  UPDATE "cms"."articles" SET "published" = ("_status" IS DISTINCT FROM 'draft');`)
}
