ALTER TABLE "app"."mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "app"."notifications" ADD COLUMN "in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."notifications" ADD COLUMN "email_state" text;--> statement-breakpoint
CREATE INDEX "notifications_mail_idx" ON "app"."notifications" USING btree ("id") WHERE "app"."notifications"."email_state" = 'pending';