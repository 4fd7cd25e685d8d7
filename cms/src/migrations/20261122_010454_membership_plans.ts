import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "cms"."enum_membership_plans_tier" AS ENUM('free', 'pro');
  CREATE TABLE "cms"."membership_plans_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"text" varchar NOT NULL
  );
  
  CREATE TABLE "cms"."membership_plans" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"tier" "cms"."enum_membership_plans_tier" NOT NULL,
  	"name" varchar NOT NULL,
  	"price" numeric NOT NULL,
  	"description" varchar,
  	"highlighted" boolean DEFAULT false,
  	"badge" varchar,
  	"sort_order" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "membership_plans_id" integer;
  ALTER TABLE "cms"."membership_plans_features" ADD CONSTRAINT "membership_plans_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."membership_plans"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "membership_plans_features_order_idx" ON "cms"."membership_plans_features" USING btree ("_order");
  CREATE INDEX "membership_plans_features_parent_id_idx" ON "cms"."membership_plans_features" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "membership_plans_tier_idx" ON "cms"."membership_plans" USING btree ("tier");
  CREATE INDEX "membership_plans_updated_at_idx" ON "cms"."membership_plans" USING btree ("updated_at");
  CREATE INDEX "membership_plans_created_at_idx" ON "cms"."membership_plans" USING btree ("created_at");
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_membership_plans_fk" FOREIGN KEY ("membership_plans_id") REFERENCES "cms"."membership_plans"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_membership_plans_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("membership_plans_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."membership_plans_features" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."membership_plans" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."membership_plans_features" CASCADE;
  DROP TABLE "cms"."membership_plans" CASCADE;
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_membership_plans_fk";
  
  DROP INDEX "cms"."payload_locked_documents_rels_membership_plans_id_idx";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "membership_plans_id";
  DROP TYPE "cms"."enum_membership_plans_tier";`)
}
