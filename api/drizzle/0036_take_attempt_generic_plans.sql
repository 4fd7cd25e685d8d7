-- The limiter planned once per connection (issue 53 #3). Its counts were a join of the rules'
-- arrays to throttle_events, grouped: a plan for any array (ten rules assumed) cost ten times a
-- plan for the array at hand, so PostgreSQL's plan cache planned it afresh on every call, 0.3 ms
-- in each comment, sign-in and chat message; and where throttle_events is small a plan for any
-- array is a hash join over all of it. Each rule's count is now its own lateral aggregate and the
-- cleanup a delete per key, each of which can only be an index scan on (key, at), and the
-- function's statements keep their general plans. Otherwise as drizzle/0034_take_attempt.sql.
CREATE OR REPLACE FUNCTION "app"."take_attempt"(keys text[], maxes integer[], windows_ms bigint[], free_tries integer[]) RETURNS integer[]
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  wait_ms double precision := 0;
  r record;
  one_key text;
  forget_before timestamptz;
  ids integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(l.k, 0)) FROM (SELECT DISTINCT k FROM unnest(keys) AS k ORDER BY k) AS l;
  FOR r IN
    SELECT rule.max, rule.window_ms, rule.free, seen.n, seen.first, seen.last
    FROM unnest(keys, maxes, windows_ms, free_tries) AS rule(key, max, window_ms, free)
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, min(t.at) AS first, max(t.at) AS last FROM "app"."throttle_events" t
      WHERE t.key = rule.key AND t.at > now() - rule.window_ms * interval '1 millisecond'
    ) AS seen
  LOOP
    IF r.max IS NOT NULL THEN
      -- Only allowed attempts are kept, so at the limit the oldest one frees the next slot.
      IF r.n >= r.max AND r.first IS NOT NULL THEN
        wait_ms := greatest(wait_ms, extract(epoch FROM r.first - now()) * 1000 + r.window_ms);
      END IF;
    ELSIF r.n >= r.free AND r.last IS NOT NULL THEN
      wait_ms := greatest(wait_ms, extract(epoch FROM r.last - now()) * 1000 + least(900000, power(2, r.n - r.free + 1) * 1000));
    END IF;
  END LOOP;
  IF wait_ms > 0 THEN
    RAISE EXCEPTION 'too many attempts' USING ERRCODE = 'BS429', DETAIL = greatest(1, ceil(wait_ms / 1000))::text;
  END IF;
  -- Forget what no rule can count any more, so a key's history stays small: key by key (a plan
  -- for `key = ANY(keys)`, any keys, expects thousands of rows and can be a whole-table scan).
  forget_before := now() - (SELECT max(w) FROM unnest(windows_ms) AS w) * interval '1 millisecond';
  FOREACH one_key IN ARRAY keys LOOP
    DELETE FROM "app"."throttle_events" WHERE key = one_key AND at < forget_before;
  END LOOP;
  WITH recorded AS (INSERT INTO "app"."throttle_events" (key) SELECT unnest(keys) RETURNING id)
  SELECT array_agg(id) INTO ids FROM recorded;
  RETURN ids;
END
$$;
