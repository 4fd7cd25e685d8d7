ALTER TABLE "app"."chat_room_members" ADD COLUMN "last_read_message_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Members who were in a room before: what was there is read (no flood of old messages shown as new).
UPDATE "app"."chat_room_members" AS m SET "last_read_message_id" = COALESCE((SELECT max(c."id") FROM "app"."chat_messages" AS c WHERE c."room_id" = m."room_id"), 0);
