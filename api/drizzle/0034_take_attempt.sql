-- A limit's check and record in one call (issue 53 #3; api/src/domain/rate-limit/attempts.ts): the
-- keys' advisory locks in key order, then every rule's count (a statement of its own, so its snapshot
-- is taken after the locks and counts every attempt committed before), then, only when every rule
-- allows, the cleanup and one record per key. A refusal raises SQLSTATE BS429 with the seconds to
-- wait as its DETAIL, which ends the caller's statement (and its transaction) with nothing recorded.
-- A rule is either at most maxes[i] attempts within windows_ms[i], or free_tries[i] attempts within
-- the last hour (windows_ms[i]) and then waits of 2 s, 4 s, 8 s … up to 15 minutes after the last.
CREATE FUNCTION "app"."take_attempt"(keys text[], maxes integer[], windows_ms bigint[], free_tries integer[]) RETURNS integer[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  wait_ms double precision := 0;
  r record;
  ids integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(l.k, 0)) FROM (SELECT DISTINCT k FROM unnest(keys) AS k ORDER BY k) AS l;
  FOR r IN
    SELECT rule.max, rule.window_ms, rule.free, count(t.id) AS n, min(t.at) AS first, max(t.at) AS last
    FROM unnest(keys, maxes, windows_ms, free_tries) WITH ORDINALITY AS rule(key, max, window_ms, free, i)
    LEFT JOIN "app"."throttle_events" t ON t.key = rule.key AND t.at > now() - rule.window_ms * interval '1 millisecond'
    GROUP BY rule.i, rule.max, rule.window_ms, rule.free
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
  -- Forget what no rule can count any more, so a key's history stays small.
  DELETE FROM "app"."throttle_events" WHERE key = ANY(keys) AND at < now() - (SELECT max(w) FROM unnest(windows_ms) AS w) * interval '1 millisecond';
  WITH recorded AS (INSERT INTO "app"."throttle_events" (key) SELECT unnest(keys) RETURNING id)
  SELECT array_agg(id) INTO ids FROM recorded;
  RETURN ids;
END
$$;
