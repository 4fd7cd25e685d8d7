import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 36: contributors (drafts only), each article's owner, and the review list.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "cms"."enum_users_role" ADD VALUE 'contributor';
  ALTER TABLE "cms"."articles" ADD COLUMN "owner_id" integer;
  ALTER TABLE "cms"."articles" ADD COLUMN "review_requested" boolean DEFAULT false;
  ALTER TABLE "cms"."_articles_v" ADD COLUMN "version_owner_id" integer;
  ALTER TABLE "cms"."_articles_v" ADD COLUMN "version_review_requested" boolean DEFAULT false;
  ALTER TABLE "cms"."articles" ADD CONSTRAINT "articles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "cms"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v" ADD CONSTRAINT "_articles_v_version_owner_id_users_id_fk" FOREIGN KEY ("version_owner_id") REFERENCES "cms"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "articles_owner_idx" ON "cms"."articles" USING btree ("owner_id");
  CREATE INDEX "articles_review_requested_idx" ON "cms"."articles" USING btree ("review_requested");
  CREATE INDEX "_articles_v_version_version_owner_idx" ON "cms"."_articles_v" USING btree ("version_owner_id");
  CREATE INDEX "_articles_v_version_version_review_requested_idx" ON "cms"."_articles_v" USING btree ("version_review_requested");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles" DROP CONSTRAINT "articles_owner_id_users_id_fk";
  
  ALTER TABLE "cms"."_articles_v" DROP CONSTRAINT "_articles_v_version_owner_id_users_id_fk";
  
  ALTER TABLE "cms"."users" ALTER COLUMN "role" SET DATA TYPE text;
  ALTER TABLE "cms"."users" ALTER COLUMN "role" SET DEFAULT 'editor'::text;
  UPDATE "cms"."users" SET "role" = 'editor' WHERE "role" = 'contributor';
  DROP TYPE "cms"."enum_users_role";
  CREATE TYPE "cms"."enum_users_role" AS ENUM('admin', 'editor');
  ALTER TABLE "cms"."users" ALTER COLUMN "role" SET DEFAULT 'editor'::"cms"."enum_users_role";
  ALTER TABLE "cms"."users" ALTER COLUMN "role" SET DATA TYPE "cms"."enum_users_role" USING "role"::"cms"."enum_users_role";
  DROP INDEX "cms"."articles_owner_idx";
  DROP INDEX "cms"."articles_review_requested_idx";
  DROP INDEX "cms"."_articles_v_version_version_owner_idx";
  DROP INDEX "cms"."_articles_v_version_version_review_requested_idx";
  ALTER TABLE "cms"."articles" DROP COLUMN "owner_id";
  ALTER TABLE "cms"."articles" DROP COLUMN "review_requested";
  ALTER TABLE "cms"."_articles_v" DROP COLUMN "version_owner_id";
  ALTER TABLE "cms"."_articles_v" DROP COLUMN "version_review_requested";`)
}
