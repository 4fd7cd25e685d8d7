DROP INDEX "app"."users_email_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_confirmed_email_idx" ON "app"."users" USING btree ("email") WHERE "app"."users"."email_confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "app"."users" USING btree ("email");