import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 36: drafts and versions on videos, products and the activity collections. Every document
// already there was on the site, so each becomes published (the new column's default is a draft).

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "cms"."enum_videos_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__videos_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum_products_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__products_v_version_category" AS ENUM('Apparel', 'Accessories', 'Books', 'Journals', 'Home');
  CREATE TYPE "cms"."enum__products_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum_study_resources_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__study_resources_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum_backyard_articles_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__backyard_articles_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum_quiz_questions_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__quiz_questions_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum_scramble_words_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__scramble_words_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "cms"."_videos_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_description" varchar,
  	"version_image_id" integer,
  	"version_image_url" varchar,
  	"version_external_id" varchar,
  	"version_video_url" varchar,
  	"version_publish_date" timestamp(3) with time zone,
  	"version_views" numeric DEFAULT 0,
  	"version_duration" varchar DEFAULT '00:00',
  	"version_author" varchar,
  	"version_membership_required" varchar DEFAULT 'free',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__videos_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "cms"."_products_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_name" varchar,
  	"version_description" varchar,
  	"version_price" numeric,
  	"version_image_id" integer,
  	"version_category" "cms"."enum__products_v_version_category",
  	"version_creator" varchar,
  	"version_is_featured" boolean DEFAULT false,
  	"version_in_stock" boolean DEFAULT true,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__products_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "cms"."_study_resources_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_description" varchar,
  	"version_thumbnail_id" integer,
  	"version_video_url" varchar,
  	"version_is_premium" boolean DEFAULT false,
  	"version_sort_order" numeric DEFAULT 0,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__study_resources_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "cms"."_backyard_articles_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_summary" varchar,
  	"version_thumbnail_id" integer,
  	"version_time_needed" varchar,
  	"version_content" jsonb,
  	"version_content_html" varchar,
  	"version_sort_order" numeric DEFAULT 0,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__backyard_articles_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "cms"."_quiz_questions_v_version_options" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_quiz_questions_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_question" varchar,
  	"version_correct_answer" numeric,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__quiz_questions_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "cms"."_scramble_words_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_word" varchar,
  	"version_hint" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__scramble_words_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  ALTER TABLE "cms"."videos" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "cms"."videos" ALTER COLUMN "video_url" DROP NOT NULL;
  ALTER TABLE "cms"."videos" ALTER COLUMN "publish_date" DROP NOT NULL;
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" DROP NOT NULL;
  ALTER TABLE "cms"."products" ALTER COLUMN "name" DROP NOT NULL;
  ALTER TABLE "cms"."products" ALTER COLUMN "price" DROP NOT NULL;
  ALTER TABLE "cms"."products" ALTER COLUMN "category" DROP NOT NULL;
  ALTER TABLE "cms"."study_resources" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "cms"."study_resources" ALTER COLUMN "description" DROP NOT NULL;
  ALTER TABLE "cms"."study_resources" ALTER COLUMN "video_url" DROP NOT NULL;
  ALTER TABLE "cms"."backyard_articles" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "cms"."backyard_articles" ALTER COLUMN "summary" DROP NOT NULL;
  ALTER TABLE "cms"."backyard_articles" ALTER COLUMN "content" DROP NOT NULL;
  ALTER TABLE "cms"."quiz_questions_options" ALTER COLUMN "text" DROP NOT NULL;
  ALTER TABLE "cms"."quiz_questions" ALTER COLUMN "question" DROP NOT NULL;
  ALTER TABLE "cms"."quiz_questions" ALTER COLUMN "correct_answer" DROP NOT NULL;
  ALTER TABLE "cms"."scramble_words" ALTER COLUMN "word" DROP NOT NULL;
  ALTER TABLE "cms"."videos" ADD COLUMN "_status" "cms"."enum_videos_status" DEFAULT 'draft';
  ALTER TABLE "cms"."products" ADD COLUMN "_status" "cms"."enum_products_status" DEFAULT 'draft';
  ALTER TABLE "cms"."study_resources" ADD COLUMN "_status" "cms"."enum_study_resources_status" DEFAULT 'draft';
  ALTER TABLE "cms"."backyard_articles" ADD COLUMN "_status" "cms"."enum_backyard_articles_status" DEFAULT 'draft';
  ALTER TABLE "cms"."quiz_questions" ADD COLUMN "_status" "cms"."enum_quiz_questions_status" DEFAULT 'draft';
  ALTER TABLE "cms"."scramble_words" ADD COLUMN "_status" "cms"."enum_scramble_words_status" DEFAULT 'draft';
  UPDATE "cms"."videos" SET "_status" = 'published';
  UPDATE "cms"."products" SET "_status" = 'published';
  UPDATE "cms"."study_resources" SET "_status" = 'published';
  UPDATE "cms"."backyard_articles" SET "_status" = 'published';
  UPDATE "cms"."quiz_questions" SET "_status" = 'published';
  UPDATE "cms"."scramble_words" SET "_status" = 'published';
  ALTER TABLE "cms"."_videos_v" ADD CONSTRAINT "_videos_v_parent_id_videos_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."videos"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_videos_v" ADD CONSTRAINT "_videos_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_products_v" ADD CONSTRAINT "_products_v_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_products_v" ADD CONSTRAINT "_products_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_study_resources_v" ADD CONSTRAINT "_study_resources_v_parent_id_study_resources_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."study_resources"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_study_resources_v" ADD CONSTRAINT "_study_resources_v_version_thumbnail_id_media_id_fk" FOREIGN KEY ("version_thumbnail_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_backyard_articles_v" ADD CONSTRAINT "_backyard_articles_v_parent_id_backyard_articles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."backyard_articles"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_backyard_articles_v" ADD CONSTRAINT "_backyard_articles_v_version_thumbnail_id_media_id_fk" FOREIGN KEY ("version_thumbnail_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_quiz_questions_v_version_options" ADD CONSTRAINT "_quiz_questions_v_version_options_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_quiz_questions_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_quiz_questions_v" ADD CONSTRAINT "_quiz_questions_v_parent_id_quiz_questions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."quiz_questions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_scramble_words_v" ADD CONSTRAINT "_scramble_words_v_parent_id_scramble_words_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."scramble_words"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "_videos_v_parent_idx" ON "cms"."_videos_v" USING btree ("parent_id");
  CREATE INDEX "_videos_v_version_version_image_idx" ON "cms"."_videos_v" USING btree ("version_image_id");
  CREATE INDEX "_videos_v_version_version_external_id_idx" ON "cms"."_videos_v" USING btree ("version_external_id");
  CREATE INDEX "_videos_v_version_version_updated_at_idx" ON "cms"."_videos_v" USING btree ("version_updated_at");
  CREATE INDEX "_videos_v_version_version_created_at_idx" ON "cms"."_videos_v" USING btree ("version_created_at");
  CREATE INDEX "_videos_v_version_version__status_idx" ON "cms"."_videos_v" USING btree ("version__status");
  CREATE INDEX "_videos_v_created_at_idx" ON "cms"."_videos_v" USING btree ("created_at");
  CREATE INDEX "_videos_v_updated_at_idx" ON "cms"."_videos_v" USING btree ("updated_at");
  CREATE INDEX "_videos_v_latest_idx" ON "cms"."_videos_v" USING btree ("latest");
  CREATE INDEX "_videos_v_autosave_idx" ON "cms"."_videos_v" USING btree ("autosave");
  CREATE INDEX "_products_v_parent_idx" ON "cms"."_products_v" USING btree ("parent_id");
  CREATE INDEX "_products_v_version_version_image_idx" ON "cms"."_products_v" USING btree ("version_image_id");
  CREATE INDEX "_products_v_version_version_updated_at_idx" ON "cms"."_products_v" USING btree ("version_updated_at");
  CREATE INDEX "_products_v_version_version_created_at_idx" ON "cms"."_products_v" USING btree ("version_created_at");
  CREATE INDEX "_products_v_version_version__status_idx" ON "cms"."_products_v" USING btree ("version__status");
  CREATE INDEX "_products_v_created_at_idx" ON "cms"."_products_v" USING btree ("created_at");
  CREATE INDEX "_products_v_updated_at_idx" ON "cms"."_products_v" USING btree ("updated_at");
  CREATE INDEX "_products_v_latest_idx" ON "cms"."_products_v" USING btree ("latest");
  CREATE INDEX "_products_v_autosave_idx" ON "cms"."_products_v" USING btree ("autosave");
  CREATE INDEX "_study_resources_v_parent_idx" ON "cms"."_study_resources_v" USING btree ("parent_id");
  CREATE INDEX "_study_resources_v_version_version_thumbnail_idx" ON "cms"."_study_resources_v" USING btree ("version_thumbnail_id");
  CREATE INDEX "_study_resources_v_version_version_updated_at_idx" ON "cms"."_study_resources_v" USING btree ("version_updated_at");
  CREATE INDEX "_study_resources_v_version_version_created_at_idx" ON "cms"."_study_resources_v" USING btree ("version_created_at");
  CREATE INDEX "_study_resources_v_version_version__status_idx" ON "cms"."_study_resources_v" USING btree ("version__status");
  CREATE INDEX "_study_resources_v_created_at_idx" ON "cms"."_study_resources_v" USING btree ("created_at");
  CREATE INDEX "_study_resources_v_updated_at_idx" ON "cms"."_study_resources_v" USING btree ("updated_at");
  CREATE INDEX "_study_resources_v_latest_idx" ON "cms"."_study_resources_v" USING btree ("latest");
  CREATE INDEX "_study_resources_v_autosave_idx" ON "cms"."_study_resources_v" USING btree ("autosave");
  CREATE INDEX "_backyard_articles_v_parent_idx" ON "cms"."_backyard_articles_v" USING btree ("parent_id");
  CREATE INDEX "_backyard_articles_v_version_version_thumbnail_idx" ON "cms"."_backyard_articles_v" USING btree ("version_thumbnail_id");
  CREATE INDEX "_backyard_articles_v_version_version_updated_at_idx" ON "cms"."_backyard_articles_v" USING btree ("version_updated_at");
  CREATE INDEX "_backyard_articles_v_version_version_created_at_idx" ON "cms"."_backyard_articles_v" USING btree ("version_created_at");
  CREATE INDEX "_backyard_articles_v_version_version__status_idx" ON "cms"."_backyard_articles_v" USING btree ("version__status");
  CREATE INDEX "_backyard_articles_v_created_at_idx" ON "cms"."_backyard_articles_v" USING btree ("created_at");
  CREATE INDEX "_backyard_articles_v_updated_at_idx" ON "cms"."_backyard_articles_v" USING btree ("updated_at");
  CREATE INDEX "_backyard_articles_v_latest_idx" ON "cms"."_backyard_articles_v" USING btree ("latest");
  CREATE INDEX "_backyard_articles_v_autosave_idx" ON "cms"."_backyard_articles_v" USING btree ("autosave");
  CREATE INDEX "_quiz_questions_v_version_options_order_idx" ON "cms"."_quiz_questions_v_version_options" USING btree ("_order");
  CREATE INDEX "_quiz_questions_v_version_options_parent_id_idx" ON "cms"."_quiz_questions_v_version_options" USING btree ("_parent_id");
  CREATE INDEX "_quiz_questions_v_parent_idx" ON "cms"."_quiz_questions_v" USING btree ("parent_id");
  CREATE INDEX "_quiz_questions_v_version_version_updated_at_idx" ON "cms"."_quiz_questions_v" USING btree ("version_updated_at");
  CREATE INDEX "_quiz_questions_v_version_version_created_at_idx" ON "cms"."_quiz_questions_v" USING btree ("version_created_at");
  CREATE INDEX "_quiz_questions_v_version_version__status_idx" ON "cms"."_quiz_questions_v" USING btree ("version__status");
  CREATE INDEX "_quiz_questions_v_created_at_idx" ON "cms"."_quiz_questions_v" USING btree ("created_at");
  CREATE INDEX "_quiz_questions_v_updated_at_idx" ON "cms"."_quiz_questions_v" USING btree ("updated_at");
  CREATE INDEX "_quiz_questions_v_latest_idx" ON "cms"."_quiz_questions_v" USING btree ("latest");
  CREATE INDEX "_quiz_questions_v_autosave_idx" ON "cms"."_quiz_questions_v" USING btree ("autosave");
  CREATE INDEX "_scramble_words_v_parent_idx" ON "cms"."_scramble_words_v" USING btree ("parent_id");
  CREATE INDEX "_scramble_words_v_version_version_word_idx" ON "cms"."_scramble_words_v" USING btree ("version_word");
  CREATE INDEX "_scramble_words_v_version_version_updated_at_idx" ON "cms"."_scramble_words_v" USING btree ("version_updated_at");
  CREATE INDEX "_scramble_words_v_version_version_created_at_idx" ON "cms"."_scramble_words_v" USING btree ("version_created_at");
  CREATE INDEX "_scramble_words_v_version_version__status_idx" ON "cms"."_scramble_words_v" USING btree ("version__status");
  CREATE INDEX "_scramble_words_v_created_at_idx" ON "cms"."_scramble_words_v" USING btree ("created_at");
  CREATE INDEX "_scramble_words_v_updated_at_idx" ON "cms"."_scramble_words_v" USING btree ("updated_at");
  CREATE INDEX "_scramble_words_v_latest_idx" ON "cms"."_scramble_words_v" USING btree ("latest");
  CREATE INDEX "_scramble_words_v_autosave_idx" ON "cms"."_scramble_words_v" USING btree ("autosave");
  CREATE INDEX "videos__status_idx" ON "cms"."videos" USING btree ("_status");
  CREATE INDEX "products__status_idx" ON "cms"."products" USING btree ("_status");
  CREATE INDEX "study_resources__status_idx" ON "cms"."study_resources" USING btree ("_status");
  CREATE INDEX "backyard_articles__status_idx" ON "cms"."backyard_articles" USING btree ("_status");
  CREATE INDEX "quiz_questions__status_idx" ON "cms"."quiz_questions" USING btree ("_status");
  CREATE INDEX "scramble_words__status_idx" ON "cms"."scramble_words" USING btree ("_status");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."_videos_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_products_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_study_resources_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_backyard_articles_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_quiz_questions_v_version_options" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_quiz_questions_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_scramble_words_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."_videos_v" CASCADE;
  DROP TABLE "cms"."_products_v" CASCADE;
  DROP TABLE "cms"."_study_resources_v" CASCADE;
  DROP TABLE "cms"."_backyard_articles_v" CASCADE;
  DROP TABLE "cms"."_quiz_questions_v_version_options" CASCADE;
  DROP TABLE "cms"."_quiz_questions_v" CASCADE;
  DROP TABLE "cms"."_scramble_words_v" CASCADE;
  DROP INDEX "cms"."videos__status_idx";
  DROP INDEX "cms"."products__status_idx";
  DROP INDEX "cms"."study_resources__status_idx";
  DROP INDEX "cms"."backyard_articles__status_idx";
  DROP INDEX "cms"."quiz_questions__status_idx";
  DROP INDEX "cms"."scramble_words__status_idx";
  ALTER TABLE "cms"."videos" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "cms"."videos" ALTER COLUMN "video_url" SET NOT NULL;
  ALTER TABLE "cms"."videos" ALTER COLUMN "publish_date" SET NOT NULL;
  ALTER TABLE "cms"."videos" ALTER COLUMN "membership_required" SET NOT NULL;
  ALTER TABLE "cms"."products" ALTER COLUMN "name" SET NOT NULL;
  ALTER TABLE "cms"."products" ALTER COLUMN "price" SET NOT NULL;
  ALTER TABLE "cms"."products" ALTER COLUMN "category" SET NOT NULL;
  ALTER TABLE "cms"."study_resources" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "cms"."study_resources" ALTER COLUMN "description" SET NOT NULL;
  ALTER TABLE "cms"."study_resources" ALTER COLUMN "video_url" SET NOT NULL;
  ALTER TABLE "cms"."backyard_articles" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "cms"."backyard_articles" ALTER COLUMN "summary" SET NOT NULL;
  ALTER TABLE "cms"."backyard_articles" ALTER COLUMN "content" SET NOT NULL;
  ALTER TABLE "cms"."quiz_questions_options" ALTER COLUMN "text" SET NOT NULL;
  ALTER TABLE "cms"."quiz_questions" ALTER COLUMN "question" SET NOT NULL;
  ALTER TABLE "cms"."quiz_questions" ALTER COLUMN "correct_answer" SET NOT NULL;
  ALTER TABLE "cms"."scramble_words" ALTER COLUMN "word" SET NOT NULL;
  ALTER TABLE "cms"."videos" DROP COLUMN "_status";
  ALTER TABLE "cms"."products" DROP COLUMN "_status";
  ALTER TABLE "cms"."study_resources" DROP COLUMN "_status";
  ALTER TABLE "cms"."backyard_articles" DROP COLUMN "_status";
  ALTER TABLE "cms"."quiz_questions" DROP COLUMN "_status";
  ALTER TABLE "cms"."scramble_words" DROP COLUMN "_status";
  DROP TYPE "cms"."enum_videos_status";
  DROP TYPE "cms"."enum__videos_v_version_status";
  DROP TYPE "cms"."enum_products_status";
  DROP TYPE "cms"."enum__products_v_version_category";
  DROP TYPE "cms"."enum__products_v_version_status";
  DROP TYPE "cms"."enum_study_resources_status";
  DROP TYPE "cms"."enum__study_resources_v_version_status";
  DROP TYPE "cms"."enum_backyard_articles_status";
  DROP TYPE "cms"."enum__backyard_articles_v_version_status";
  DROP TYPE "cms"."enum_quiz_questions_status";
  DROP TYPE "cms"."enum__quiz_questions_v_version_status";
  DROP TYPE "cms"."enum_scramble_words_status";
  DROP TYPE "cms"."enum__scramble_words_v_version_status";`)
}
