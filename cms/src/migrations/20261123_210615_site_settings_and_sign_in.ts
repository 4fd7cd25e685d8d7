import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Site settings (a global read into the content snapshot) and the link from a CMS user to the site admin it signs in as.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "cms"."site_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"site_name" varchar DEFAULT 'Better Self' NOT NULL,
  	"tagline" varchar DEFAULT 'Small steps, every day',
  	"author_name" varchar DEFAULT 'Better Self Studio' NOT NULL,
  	"contact_email" varchar DEFAULT 'hello@betterself.example' NOT NULL,
  	"social_links_facebook" varchar DEFAULT '',
  	"social_links_instagram" varchar DEFAULT '',
  	"social_links_x" varchar DEFAULT '',
  	"social_links_youtube" varchar DEFAULT '',
  	"youtube_channel_handle" varchar DEFAULT '',
  	"ads_enabled" boolean DEFAULT true,
  	"maintenance_banner_enabled" boolean DEFAULT false,
  	"maintenance_banner_text" varchar DEFAULT '',
  	"policies_last_updated" varchar DEFAULT '2023-07-01',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "cms"."users" ADD COLUMN "site_user_id" numeric;
  CREATE UNIQUE INDEX "users_site_user_id_idx" ON "cms"."users" USING btree ("site_user_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."site_settings" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."site_settings" CASCADE;
  DROP INDEX "cms"."users_site_user_id_idx";
  ALTER TABLE "cms"."users" DROP COLUMN "site_user_id";`)
}
