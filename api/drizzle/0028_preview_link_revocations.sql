CREATE TABLE "app"."preview_link_revocations" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"revoked_at" timestamp (3) with time zone NOT NULL,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "app"."preview_link_revocations" ADD CONSTRAINT "preview_link_revocations_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;