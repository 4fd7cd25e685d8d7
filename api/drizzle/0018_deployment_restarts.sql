ALTER TABLE "app"."deployments" ADD COLUMN "restart_status" text;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "restart_log" text DEFAULT '' NOT NULL;