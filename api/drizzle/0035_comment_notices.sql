CREATE TABLE "app"."comment_notices" (
	"comment_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."comment_notices" ADD CONSTRAINT "comment_notices_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "app"."comments"("id") ON DELETE cascade ON UPDATE no action;