-- Every API instance keeps live sessions and the community's lists in memory
-- (domain/accounts/session-cache.ts, routes/list-cache.ts). These triggers tell all of them, on
-- commit, whoever wrote it: a session ended (s:), a member changed or was deleted (u:), a list's
-- rows changed (l:).
CREATE OR REPLACE FUNCTION app.signal_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_signals', 's:' || OLD.id_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.signal_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_signals', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.signal_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_signals', 'l:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_signal_ended AFTER DELETE ON app.sessions FOR EACH ROW EXECUTE FUNCTION app.signal_session_ended();
--> statement-breakpoint
CREATE TRIGGER users_signal_changed AFTER UPDATE OR DELETE ON app.users FOR EACH ROW EXECUTE FUNCTION app.signal_user_changed();
--> statement-breakpoint
CREATE TRIGGER bulletin_posts_signal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.bulletin_posts FOR EACH STATEMENT EXECUTE FUNCTION app.signal_list_changed();
--> statement-breakpoint
CREATE TRIGGER chat_rooms_signal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.chat_rooms FOR EACH STATEMENT EXECUTE FUNCTION app.signal_list_changed();
--> statement-breakpoint
CREATE TRIGGER chat_room_members_signal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.chat_room_members FOR EACH STATEMENT EXECUTE FUNCTION app.signal_list_changed();
