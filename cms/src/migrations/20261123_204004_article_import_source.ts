import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Imported articles: drafts arrive unpublished, and a re-import finds an article by its slug at the source.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" ADD COLUMN "published" boolean DEFAULT true;
  ALTER TABLE "cms"."articles" ADD COLUMN "source_slug" varchar;
  CREATE INDEX "articles_published_idx" ON "cms"."articles" USING btree ("published");
  CREATE INDEX "articles_source_slug_idx" ON "cms"."articles" USING btree ("source_slug");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "cms"."articles_published_idx";
  DROP INDEX "cms"."articles_source_slug_idx";
  ALTER TABLE "cms"."articles" DROP COLUMN "published";
  ALTER TABLE "cms"."articles" DROP COLUMN "source_slug";`)
}
