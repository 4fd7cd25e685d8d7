import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "cms"."study_resources" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"description" varchar NOT NULL,
  	"thumbnail_id" integer,
  	"video_url" varchar NOT NULL,
  	"is_premium" boolean DEFAULT false,
  	"sort_order" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cms"."backyard_articles" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"summary" varchar NOT NULL,
  	"thumbnail_id" integer,
  	"time_needed" varchar,
  	"content" jsonb NOT NULL,
  	"content_html" varchar,
  	"sort_order" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cms"."quiz_questions_options" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"text" varchar NOT NULL
  );
  
  CREATE TABLE "cms"."quiz_questions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"question" varchar NOT NULL,
  	"correct_answer" numeric NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cms"."scramble_words" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"word" varchar NOT NULL,
  	"hint" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "study_resources_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "backyard_articles_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "quiz_questions_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "scramble_words_id" integer;
  ALTER TABLE "cms"."study_resources" ADD CONSTRAINT "study_resources_thumbnail_id_media_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."backyard_articles" ADD CONSTRAINT "backyard_articles_thumbnail_id_media_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."quiz_questions_options" ADD CONSTRAINT "quiz_questions_options_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "study_resources_thumbnail_idx" ON "cms"."study_resources" USING btree ("thumbnail_id");
  CREATE INDEX "study_resources_updated_at_idx" ON "cms"."study_resources" USING btree ("updated_at");
  CREATE INDEX "study_resources_created_at_idx" ON "cms"."study_resources" USING btree ("created_at");
  CREATE INDEX "backyard_articles_thumbnail_idx" ON "cms"."backyard_articles" USING btree ("thumbnail_id");
  CREATE INDEX "backyard_articles_updated_at_idx" ON "cms"."backyard_articles" USING btree ("updated_at");
  CREATE INDEX "backyard_articles_created_at_idx" ON "cms"."backyard_articles" USING btree ("created_at");
  CREATE INDEX "quiz_questions_options_order_idx" ON "cms"."quiz_questions_options" USING btree ("_order");
  CREATE INDEX "quiz_questions_options_parent_id_idx" ON "cms"."quiz_questions_options" USING btree ("_parent_id");
  CREATE INDEX "quiz_questions_updated_at_idx" ON "cms"."quiz_questions" USING btree ("updated_at");
  CREATE INDEX "quiz_questions_created_at_idx" ON "cms"."quiz_questions" USING btree ("created_at");
  CREATE UNIQUE INDEX "scramble_words_word_idx" ON "cms"."scramble_words" USING btree ("word");
  CREATE INDEX "scramble_words_updated_at_idx" ON "cms"."scramble_words" USING btree ("updated_at");
  CREATE INDEX "scramble_words_created_at_idx" ON "cms"."scramble_words" USING btree ("created_at");
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_study_resources_fk" FOREIGN KEY ("study_resources_id") REFERENCES "cms"."study_resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_backyard_articles_fk" FOREIGN KEY ("backyard_articles_id") REFERENCES "cms"."backyard_articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_quiz_questions_fk" FOREIGN KEY ("quiz_questions_id") REFERENCES "cms"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_scramble_words_fk" FOREIGN KEY ("scramble_words_id") REFERENCES "cms"."scramble_words"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_study_resources_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("study_resources_id");
  CREATE INDEX "payload_locked_documents_rels_backyard_articles_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("backyard_articles_id");
  CREATE INDEX "payload_locked_documents_rels_quiz_questions_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("quiz_questions_id");
  CREATE INDEX "payload_locked_documents_rels_scramble_words_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("scramble_words_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."study_resources" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."backyard_articles" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."quiz_questions_options" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."quiz_questions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."scramble_words" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."study_resources" CASCADE;
  DROP TABLE "cms"."backyard_articles" CASCADE;
  DROP TABLE "cms"."quiz_questions_options" CASCADE;
  DROP TABLE "cms"."quiz_questions" CASCADE;
  DROP TABLE "cms"."scramble_words" CASCADE;
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_study_resources_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_backyard_articles_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_quiz_questions_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_scramble_words_fk";
  
  DROP INDEX "cms"."payload_locked_documents_rels_study_resources_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_backyard_articles_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_quiz_questions_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_scramble_words_id_idx";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "study_resources_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "backyard_articles_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "quiz_questions_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "scramble_words_id";`)
}
