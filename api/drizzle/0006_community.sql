CREATE TABLE "app"."bulletin_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"moderation_notes" text,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app"."chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_review" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"moderation_notes" text,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app"."chat_room_members" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "app"."chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"membership_required" text DEFAULT 'free' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"owner_id" integer,
	"is_moderated" boolean DEFAULT false NOT NULL,
	"is_muted" boolean DEFAULT false NOT NULL,
	"moderation_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"content_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app"."bulletin_posts" ADD CONSTRAINT "bulletin_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "app"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."chat_room_members" ADD CONSTRAINT "chat_room_members_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "app"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."chat_room_members" ADD CONSTRAINT "chat_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."chat_rooms" ADD CONSTRAINT "chat_rooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."reports" ADD CONSTRAINT "reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulletin_posts_created_idx" ON "app"."bulletin_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "app"."chat_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "app"."chat_messages" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "chat_room_members_user_idx" ON "app"."chat_room_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "app"."reports" USING btree ("reporter_id","type","content_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "reports_content_idx" ON "app"."reports" USING btree ("type","content_id");--> statement-breakpoint
-- Every community starts with three open rooms (members create more).
INSERT INTO "app"."chat_rooms" ("name", "description", "membership_required") VALUES
  ('General Chat', 'Say hello, share a small win from today and meet other members.', 'free'),
  ('Pro Lounge', 'Deeper conversations about habits, focus and growth for Pro members.', 'pro'),
  ('VIP Circle', 'A quiet room for VIP members and the Better Self team.', 'vip');
