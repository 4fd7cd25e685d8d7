import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Issue 36: articles get Payload's drafts and versions. Every article keeps its state: the old
// `published` tick box becomes `_status` (an unticked one, such as an imported draft, stays a
// draft); the next migration drops the tick box.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "cms"."enum_articles_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__articles_v_version_interactive_data_character_guides_type" AS ENUM('mentor', 'coach', 'friend', 'expert');
  CREATE TYPE "cms"."enum__articles_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "cms"."_articles_v_version_interactive_data_key_points" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_articles_v_version_interactive_data_character_guides" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"type" "cms"."enum__articles_v_version_interactive_data_character_guides_type" DEFAULT 'mentor',
  	"title" varchar,
  	"message" varchar,
  	"trigger_at" varchar DEFAULT 'start',
  	"show_automatically" boolean DEFAULT true,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_articles_v_version_interactive_data_quiz_questions_options" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_articles_v_version_interactive_data_quiz_questions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"question" varchar,
  	"correct_answer" numeric,
  	"explanation" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_articles_v_version_interactive_data_experiment_steps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_articles_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_excerpt" varchar,
  	"version_author" varchar,
  	"version_category_id" integer,
  	"version_thumbnail_id" integer,
  	"version_publish_date" timestamp(3) with time zone,
  	"version_source_slug" varchar,
  	"version_source_site" varchar,
  	"version_published" boolean DEFAULT true,
  	"version_membership_required" varchar DEFAULT 'free',
  	"version_content" jsonb,
  	"version_content_html" varchar,
  	"version_has_interactive_elements" boolean DEFAULT false,
  	"version_is_amp_compatible" boolean DEFAULT false,
  	"version_interactive_data_quiz_title" varchar,
  	"version_interactive_data_quiz_description" varchar,
  	"version_interactive_data_quiz_points_per_question" numeric DEFAULT 10,
  	"version_interactive_data_experiment_title" varchar,
  	"version_interactive_data_experiment_description" varchar,
  	"version_interactive_data_experiment_conclusion" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__articles_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean,
  	"autosave" boolean
  );
  
  CREATE TABLE "cms"."_articles_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  DROP INDEX "cms"."articles_published_idx";
  ALTER TABLE "cms"."articles" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "category_id" DROP NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "publish_date" DROP NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" DROP NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "content" DROP NOT NULL;
  ALTER TABLE "cms"."articles" ADD COLUMN "_status" "cms"."enum_articles_status" DEFAULT 'draft';
  ALTER TABLE "cms"."_articles_v_version_interactive_data_key_points" ADD CONSTRAINT "_articles_v_version_interactive_data_key_points_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_character_guides" ADD CONSTRAINT "_articles_v_version_interactive_data_character_guides_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_quiz_questions_options" ADD CONSTRAINT "_articles_v_version_interactive_data_quiz_questions_options_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_articles_v_version_interactive_data_quiz_questions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_quiz_questions" ADD CONSTRAINT "_articles_v_version_interactive_data_quiz_questions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_experiment_steps" ADD CONSTRAINT "_articles_v_version_interactive_data_experiment_steps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v" ADD CONSTRAINT "_articles_v_parent_id_articles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."articles"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v" ADD CONSTRAINT "_articles_v_version_category_id_categories_id_fk" FOREIGN KEY ("version_category_id") REFERENCES "cms"."categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v" ADD CONSTRAINT "_articles_v_version_thumbnail_id_media_id_fk" FOREIGN KEY ("version_thumbnail_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_articles_v_texts" ADD CONSTRAINT "_articles_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_articles_v_version_interactive_data_key_points_order_idx" ON "cms"."_articles_v_version_interactive_data_key_points" USING btree ("_order");
  CREATE INDEX "_articles_v_version_interactive_data_key_points_parent_id_idx" ON "cms"."_articles_v_version_interactive_data_key_points" USING btree ("_parent_id");
  CREATE INDEX "_articles_v_version_interactive_data_character_guides_order_idx" ON "cms"."_articles_v_version_interactive_data_character_guides" USING btree ("_order");
  CREATE INDEX "_articles_v_version_interactive_data_character_guides_parent_id_idx" ON "cms"."_articles_v_version_interactive_data_character_guides" USING btree ("_parent_id");
  CREATE INDEX "_articles_v_version_interactive_data_quiz_questions_options_order_idx" ON "cms"."_articles_v_version_interactive_data_quiz_questions_options" USING btree ("_order");
  CREATE INDEX "_articles_v_version_interactive_data_quiz_questions_options_parent_id_idx" ON "cms"."_articles_v_version_interactive_data_quiz_questions_options" USING btree ("_parent_id");
  CREATE INDEX "_articles_v_version_interactive_data_quiz_questions_order_idx" ON "cms"."_articles_v_version_interactive_data_quiz_questions" USING btree ("_order");
  CREATE INDEX "_articles_v_version_interactive_data_quiz_questions_parent_id_idx" ON "cms"."_articles_v_version_interactive_data_quiz_questions" USING btree ("_parent_id");
  CREATE INDEX "_articles_v_version_interactive_data_experiment_steps_order_idx" ON "cms"."_articles_v_version_interactive_data_experiment_steps" USING btree ("_order");
  CREATE INDEX "_articles_v_version_interactive_data_experiment_steps_parent_id_idx" ON "cms"."_articles_v_version_interactive_data_experiment_steps" USING btree ("_parent_id");
  CREATE INDEX "_articles_v_parent_idx" ON "cms"."_articles_v" USING btree ("parent_id");
  CREATE INDEX "_articles_v_version_version_category_idx" ON "cms"."_articles_v" USING btree ("version_category_id");
  CREATE INDEX "_articles_v_version_version_thumbnail_idx" ON "cms"."_articles_v" USING btree ("version_thumbnail_id");
  CREATE INDEX "_articles_v_version_version_publish_date_idx" ON "cms"."_articles_v" USING btree ("version_publish_date");
  CREATE INDEX "_articles_v_version_version_source_slug_idx" ON "cms"."_articles_v" USING btree ("version_source_slug");
  CREATE INDEX "_articles_v_version_version_updated_at_idx" ON "cms"."_articles_v" USING btree ("version_updated_at");
  CREATE INDEX "_articles_v_version_version_created_at_idx" ON "cms"."_articles_v" USING btree ("version_created_at");
  CREATE INDEX "_articles_v_version_version__status_idx" ON "cms"."_articles_v" USING btree ("version__status");
  CREATE INDEX "_articles_v_created_at_idx" ON "cms"."_articles_v" USING btree ("created_at");
  CREATE INDEX "_articles_v_updated_at_idx" ON "cms"."_articles_v" USING btree ("updated_at");
  CREATE INDEX "_articles_v_latest_idx" ON "cms"."_articles_v" USING btree ("latest");
  CREATE INDEX "_articles_v_autosave_idx" ON "cms"."_articles_v" USING btree ("autosave");
  CREATE INDEX "_articles_v_texts_order_parent" ON "cms"."_articles_v_texts" USING btree ("order","parent_id");
  CREATE INDEX "articles__status_idx" ON "cms"."articles" USING btree ("_status");
  UPDATE "cms"."articles" SET "_status" = CASE WHEN "published" IS FALSE THEN 'draft'::"cms"."enum_articles_status" ELSE 'published'::"cms"."enum_articles_status" END;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."_articles_v_version_interactive_data_key_points" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_character_guides" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_quiz_questions_options" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_quiz_questions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_articles_v_version_interactive_data_experiment_steps" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_articles_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_articles_v_texts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."_articles_v_version_interactive_data_key_points" CASCADE;
  DROP TABLE "cms"."_articles_v_version_interactive_data_character_guides" CASCADE;
  DROP TABLE "cms"."_articles_v_version_interactive_data_quiz_questions_options" CASCADE;
  DROP TABLE "cms"."_articles_v_version_interactive_data_quiz_questions" CASCADE;
  DROP TABLE "cms"."_articles_v_version_interactive_data_experiment_steps" CASCADE;
  DROP TABLE "cms"."_articles_v" CASCADE;
  DROP TABLE "cms"."_articles_v_texts" CASCADE;
  DROP INDEX "cms"."articles__status_idx";
  ALTER TABLE "cms"."articles" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "category_id" SET NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "publish_date" SET NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "membership_required" SET NOT NULL;
  ALTER TABLE "cms"."articles" ALTER COLUMN "content" SET NOT NULL;
  CREATE INDEX "articles_published_idx" ON "cms"."articles" USING btree ("published");
  ALTER TABLE "cms"."articles" DROP COLUMN "_status";
  DROP TYPE "cms"."enum_articles_status";
  DROP TYPE "cms"."enum__articles_v_version_interactive_data_character_guides_type";
  DROP TYPE "cms"."enum__articles_v_version_status";`)
}
