ALTER TABLE "app"."deployments" ADD COLUMN "build_id" text;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "rollback_to" integer;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "rollback_from" integer;