CREATE TABLE "app"."email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "reports_ignored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."demo_provider_subscriptions" ADD COLUMN "plan" text DEFAULT 'pro-month' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "plan" text DEFAULT 'pro-month' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."reports" ADD COLUMN "reporter_ip" text;--> statement-breakpoint
ALTER TABLE "app"."email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "app"."email_tokens" USING btree ("user_id");--> statement-breakpoint
-- Accounts made before addresses were confirmed keep receiving their mail.
UPDATE "app"."users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;--> statement-breakpoint
-- Existing subscriptions were all Pro; their interval names the plan.
UPDATE "app"."subscriptions" SET "plan" = 'pro-' || "interval";--> statement-breakpoint
UPDATE "app"."demo_provider_subscriptions" SET "plan" = 'pro-' || "interval";
