ALTER TABLE "app"."users" ADD COLUMN "avatar_thumb_url" text;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "public_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "profile_indexable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "deleted_at" timestamp with time zone;