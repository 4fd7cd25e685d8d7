import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres';

// Prices left the CMS: what is sold and for how much is the plan catalogue's (@app/shared plans.ts).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."membership_plans" DROP COLUMN IF EXISTS "price";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."membership_plans" ADD COLUMN "price" numeric DEFAULT 0 NOT NULL;`)
}
