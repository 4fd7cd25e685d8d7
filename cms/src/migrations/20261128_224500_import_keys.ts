import { type MigrateUpArgs, type MigrateDownArgs, sql } from '@payloadcms/db-postgres';

// Issue 49 #4: an imported article keeps its source file's key (unique: a retried or late write of
// the file finds it), and an imported picture its article's key and source (an update replaces it).
// Existing rows get none: they were imported before keys, and an update gives them one.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" ADD COLUMN "import_key" varchar;
  ALTER TABLE "cms"."_articles_v" ADD COLUMN "version_import_key" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "import_source" varchar;
  CREATE UNIQUE INDEX "articles_import_key_idx" ON "cms"."articles" USING btree ("import_key");
  CREATE INDEX "_articles_v_version_version_import_key_idx" ON "cms"."_articles_v" USING btree ("version_import_key");
  CREATE INDEX "media_import_source_idx" ON "cms"."media" USING btree ("import_source");`);
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "cms"."articles_import_key_idx";
  DROP INDEX "cms"."_articles_v_version_version_import_key_idx";
  DROP INDEX "cms"."media_import_source_idx";
  ALTER TABLE "cms"."articles" DROP COLUMN "import_key";
  ALTER TABLE "cms"."_articles_v" DROP COLUMN "version_import_key";
  ALTER TABLE "cms"."media" DROP COLUMN "import_source";`);
}
