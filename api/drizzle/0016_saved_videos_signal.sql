-- Members' saved videos (favorites, watch later) are kept in memory with the other lists
-- (domain/public-lists/list-cache.ts); every instance forgets them when the rows change.
CREATE TRIGGER saved_videos_signal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.saved_videos FOR EACH STATEMENT EXECUTE FUNCTION app.signal_list_changed();
