import { type MigrateUpArgs, type MigrateDownArgs, sql } from '@payloadcms/db-postgres';

// Issue 50 #1: Payload's S3 adapter (@payloadcms/storage-s3) records each file's folder in the
// bucket (`prefix`) and a client upload's object key. The columns exist with and without a bucket
// (src/media-storage.ts), so one schema serves both. Existing rows get the empty prefix: their files
// are found below the collection's prefix (MEDIA_S3_PREFIX), where `npm run media:to-s3` puts them.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."media" ADD COLUMN "prefix" varchar DEFAULT '';
  ALTER TABLE "cms"."media" ADD COLUMN "_objectkey" varchar;`);
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."media" DROP COLUMN "prefix";
  ALTER TABLE "cms"."media" DROP COLUMN "_objectkey";`);
}
