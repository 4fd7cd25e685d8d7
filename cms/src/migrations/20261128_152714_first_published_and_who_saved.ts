import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 47 #2: when an article was first published, so a contributor deletes only articles that
// never were. Articles already there count as published from their earliest published version
// (or their publish date, when that version is no longer kept); the latest version carries it too.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" ADD COLUMN "first_published_at" timestamp(3) with time zone;
  ALTER TABLE "cms"."_articles_v" ADD COLUMN "version_first_published_at" timestamp(3) with time zone;
  CREATE INDEX "articles_first_published_at_idx" ON "cms"."articles" USING btree ("first_published_at");
  CREATE INDEX "_articles_v_version_version_first_published_at_idx" ON "cms"."_articles_v" USING btree ("version_first_published_at");
  UPDATE "cms"."articles" a SET "first_published_at" = coalesce(
      (SELECT min(v."updated_at") FROM "cms"."_articles_v" v WHERE v."parent_id" = a."id" AND v."version__status" = 'published'),
      a."publish_date", a."updated_at")
    WHERE a."_status" = 'published'
       OR EXISTS (SELECT 1 FROM "cms"."_articles_v" v WHERE v."parent_id" = a."id" AND v."version__status" = 'published');
  UPDATE "cms"."_articles_v" v SET "version_first_published_at" = a."first_published_at"
    FROM "cms"."articles" a WHERE v."parent_id" = a."id" AND v."latest" AND a."first_published_at" IS NOT NULL;`);
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "cms"."articles_first_published_at_idx";
  DROP INDEX "cms"."_articles_v_version_version_first_published_at_idx";
  ALTER TABLE "cms"."articles" DROP COLUMN "first_published_at";
  ALTER TABLE "cms"."_articles_v" DROP COLUMN "version_first_published_at";`);
}
