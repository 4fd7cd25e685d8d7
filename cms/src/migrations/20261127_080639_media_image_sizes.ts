import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 40: Media keeps three narrower copies of each picture (small 480, medium 960, large 1600
// wide) for the srcset of pictures in article bodies. Earlier media have none until replaced.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."media" ADD COLUMN "sizes_small_url" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_small_width" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_small_height" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_small_mime_type" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_small_filesize" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_small_filename" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_medium_url" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_medium_width" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_medium_height" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_medium_mime_type" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_medium_filesize" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_medium_filename" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_large_url" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_large_width" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_large_height" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_large_mime_type" varchar;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_large_filesize" numeric;
  ALTER TABLE "cms"."media" ADD COLUMN "sizes_large_filename" varchar;
  CREATE INDEX "media_sizes_small_sizes_small_filename_idx" ON "cms"."media" USING btree ("sizes_small_filename");
  CREATE INDEX "media_sizes_medium_sizes_medium_filename_idx" ON "cms"."media" USING btree ("sizes_medium_filename");
  CREATE INDEX "media_sizes_large_sizes_large_filename_idx" ON "cms"."media" USING btree ("sizes_large_filename");`);
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "cms"."media_sizes_small_sizes_small_filename_idx";
  DROP INDEX "cms"."media_sizes_medium_sizes_medium_filename_idx";
  DROP INDEX "cms"."media_sizes_large_sizes_large_filename_idx";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_small_url";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_small_width";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_small_height";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_small_mime_type";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_small_filesize";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_small_filename";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_medium_url";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_medium_width";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_medium_height";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_medium_mime_type";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_medium_filesize";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_medium_filename";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_large_url";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_large_width";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_large_height";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_large_mime_type";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_large_filesize";
  ALTER TABLE "cms"."media" DROP COLUMN "sizes_large_filename";`);
}
