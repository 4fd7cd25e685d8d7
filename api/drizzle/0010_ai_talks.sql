CREATE TABLE "app"."ai_talks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" integer,
	"owner_visitor" text,
	"conversation_id" uuid,
	"presenter_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" jsonb NOT NULL,
	"provider" text NOT NULL,
	"provider_talk_id" text,
	"status" text NOT NULL,
	"result_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_talks_one_owner" CHECK (("app"."ai_talks"."owner_user_id" is null) <> ("app"."ai_talks"."owner_visitor" is null))
);
--> statement-breakpoint
ALTER TABLE "app"."ai_talks" ADD CONSTRAINT "ai_talks_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_talks_member_conversation_idx" ON "app"."ai_talks" USING btree ("owner_user_id","conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_talks_visitor_conversation_idx" ON "app"."ai_talks" USING btree ("owner_visitor","conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_talks_created_idx" ON "app"."ai_talks" USING btree ("created_at");