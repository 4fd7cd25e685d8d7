CREATE TABLE "app"."article_views" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "article_views_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
CREATE INDEX "article_views_day_idx" ON "app"."article_views" USING btree ("day");