CREATE TABLE "app"."game_plays" (
	"id" text PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"user_id" integer,
	"deal" jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'playing' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app"."game_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game" text NOT NULL,
	"score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"moves" integer,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."game_plays" ADD CONSTRAINT "game_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."game_scores" ADD CONSTRAINT "game_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_plays_started_idx" ON "app"."game_plays" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "game_scores_game_score_idx" ON "app"."game_scores" USING btree ("game","score");--> statement-breakpoint
CREATE INDEX "game_scores_user_idx" ON "app"."game_scores" USING btree ("user_id","played_at");