CREATE TABLE "app"."saved_videos" (
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"video_id" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_videos_user_id_list_video_id_pk" PRIMARY KEY("user_id","list","video_id")
);
--> statement-breakpoint
CREATE TABLE "app"."youtube_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" integer,
	"channel" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"fetched" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "app"."youtube_video_state" (
	"external_id" text PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."saved_videos" ADD CONSTRAINT "saved_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."youtube_syncs" ADD CONSTRAINT "youtube_syncs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_videos_newest_idx" ON "app"."saved_videos" USING btree ("user_id","list","saved_at");--> statement-breakpoint
CREATE INDEX "youtube_syncs_started_idx" ON "app"."youtube_syncs" USING btree ("started_at");