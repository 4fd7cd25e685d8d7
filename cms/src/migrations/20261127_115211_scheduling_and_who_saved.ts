import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 36: an article may leave the site on its own (unpublish date), and each version names who saved it.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" ADD COLUMN "unpublish_date" timestamp(3) with time zone;
  ALTER TABLE "cms"."articles" ADD COLUMN "edited_by_id" integer;
  ALTER TABLE "cms"."_articles_v" ADD COLUMN "version_unpublish_date" timestamp(3) with time zone;
  ALTER TABLE "cms"."_articles_v" ADD COLUMN "version_edited_by_id" integer;
  ALTER TABLE "cms"."articles" ADD CONSTRAINT "articles_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "cms"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v" ADD CONSTRAINT "_articles_v_version_edited_by_id_users_id_fk" FOREIGN KEY ("version_edited_by_id") REFERENCES "cms"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "articles_edited_by_idx" ON "cms"."articles" USING btree ("edited_by_id");
  CREATE INDEX "_articles_v_version_version_edited_by_idx" ON "cms"."_articles_v" USING btree ("version_edited_by_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" DROP CONSTRAINT "articles_edited_by_id_users_id_fk";
  
  ALTER TABLE "cms"."_articles_v" DROP CONSTRAINT "_articles_v_version_edited_by_id_users_id_fk";
  
  DROP INDEX "cms"."articles_edited_by_idx";
  DROP INDEX "cms"."_articles_v_version_version_edited_by_idx";
  ALTER TABLE "cms"."articles" DROP COLUMN "unpublish_date";
  ALTER TABLE "cms"."articles" DROP COLUMN "edited_by_id";
  ALTER TABLE "cms"."_articles_v" DROP COLUMN "version_unpublish_date";
  ALTER TABLE "cms"."_articles_v" DROP COLUMN "version_edited_by_id";`)
}
