CREATE TABLE "app"."newsletter_recipients" (
	"newsletter_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "newsletter_recipients_newsletter_id_user_id_pk" PRIMARY KEY("newsletter_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "app"."newsletters" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"title" text NOT NULL,
	"segment" text NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app"."mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "app"."notification_settings" ADD COLUMN "newsletter" text DEFAULT 'on' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."notification_settings" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "app"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."newsletters" ADD CONSTRAINT "newsletters_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_recipients_pending_idx" ON "app"."newsletter_recipients" USING btree ("newsletter_id","user_id") WHERE "app"."newsletter_recipients"."state" in ('pending', 'sending');