CREATE TABLE "app"."github_deliveries" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"ref" text,
	"result" text NOT NULL,
	"deployment_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "kind" text DEFAULT 'content' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "commit" text;--> statement-breakpoint
ALTER TABLE "app"."deployments" ADD COLUMN "restart_needed" jsonb DEFAULT '[]'::jsonb NOT NULL;