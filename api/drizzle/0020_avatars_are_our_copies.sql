-- Avatars are served from our own media only (issue 34): addresses on other hosts, stored before
-- typed addresses were fetched and re-encoded, are dropped; those members see their initials
-- until they upload a picture or type the address again.
UPDATE "app"."users" SET "avatar_url" = NULL, "avatar_thumb_url" = NULL WHERE "avatar_key" IS NULL AND "avatar_url" IS NOT NULL;
