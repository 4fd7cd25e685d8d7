import { type MigrateUpArgs, type MigrateDownArgs, sql } from '@payloadcms/db-postgres';

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "cms"."articles_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "cms"."old_addresses" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"path" varchar NOT NULL,
  	"article_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "cms"."articles" ADD COLUMN "source_site" varchar;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "old_addresses_id" integer;
  ALTER TABLE "cms"."articles_texts" ADD CONSTRAINT "articles_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."old_addresses" ADD CONSTRAINT "old_addresses_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "cms"."articles"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "articles_texts_order_parent" ON "cms"."articles_texts" USING btree ("order","parent_id");
  CREATE UNIQUE INDEX "old_addresses_path_idx" ON "cms"."old_addresses" USING btree ("path");
  CREATE INDEX "old_addresses_article_idx" ON "cms"."old_addresses" USING btree ("article_id");
  CREATE INDEX "old_addresses_updated_at_idx" ON "cms"."old_addresses" USING btree ("updated_at");
  CREATE INDEX "old_addresses_created_at_idx" ON "cms"."old_addresses" USING btree ("created_at");
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_old_addresses_fk" FOREIGN KEY ("old_addresses_id") REFERENCES "cms"."old_addresses"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_old_addresses_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("old_addresses_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."articles_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."old_addresses" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."articles_texts" CASCADE;
  DROP TABLE "cms"."old_addresses" CASCADE;
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_old_addresses_fk";
  
  DROP INDEX "cms"."payload_locked_documents_rels_old_addresses_id_idx";
  ALTER TABLE "cms"."articles" DROP COLUMN "source_site";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "old_addresses_id";`)
}
