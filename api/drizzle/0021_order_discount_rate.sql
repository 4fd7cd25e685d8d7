ALTER TABLE "app"."orders" ADD COLUMN "discount_rate" numeric(5, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every member discount before this migration was the catalogue's one rate, 15%.
UPDATE "app"."orders" SET "discount_rate" = 0.15 WHERE "discount" > 0;
