ALTER TABLE "app"."notifications" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "app"."notifications" ADD COLUMN "more" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_recent_idx" ON "app"."notifications" USING btree ("user_id","created_at");