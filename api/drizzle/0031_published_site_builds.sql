CREATE TABLE "app"."site_builds" (
	"build_id" text PRIMARY KEY NOT NULL,
	"content_version" text NOT NULL,
	"prefix" text NOT NULL,
	"manifest_sha256" text NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "site_builds_prefix_unique" UNIQUE("prefix")
);
--> statement-breakpoint
CREATE INDEX "site_builds_activated_at" ON "app"."site_builds" USING btree ("activated_at");