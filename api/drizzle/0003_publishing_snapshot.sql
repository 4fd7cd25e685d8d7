ALTER TABLE "app"."content_snapshots" ADD COLUMN "version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "content_version" text;