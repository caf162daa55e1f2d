-- Messages sent together are written together (hand-written). send_messages (0018) called
-- send_message (0014, 0020) once per message: for a batch of 64, some 640 statements inside the
-- one call, each with its own role switch and row-level-security checks, and a NOTIFY per row.
-- Now a batch of six or more is a handful of set-based statements, and its announcements go out
-- in a few NOTIFYs (about 0.31 → 0.12-0.17 ms of PostgreSQL CPU per message at 64, bench/README.md).
--
-- Row-level security still decides for every row. A batch acts for several people at once: the
-- transaction-local setting app.acting_user_ids names the batch's senders, and the policies the
-- batch meets compare the row's person with these people as well as with app.user_id. Each
-- row is checked against its own person: a message's sender must be one of the acting people and
-- a participant of that message's conversation, an audit row's actor one of
-- them, a read marker its own person's. Outside a batch app.acting_user_ids is unset and every
-- policy means exactly what it meant before. Only send_messages sets it; app_user cannot call it
-- (it is revoked from PUBLIC, as send_message is).

-- The people a batch statement acts for (none outside one). Policies ask
-- `x = ANY ((SELECT app_acting_user_ids())::uuid[])`: as an uncorrelated subquery it is read once per
-- statement, not parsed again for every row.
CREATE OR REPLACE FUNCTION app_acting_user_ids() RETURNS uuid[]
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('app.acting_user_ids', true), '')::uuid[], '{}'::uuid[]) $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_acting_user_ids() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_acting_user_ids() TO app_user;
--> statement-breakpoint
-- Whether the current user (or one of the people a batch acts for) takes part in a conversation.
CREATE OR REPLACE FUNCTION app_in_conversation(p_conversation uuid) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    RETURN EXISTS (SELECT 1 FROM conversation_participants cp
      WHERE cp.conversation_id = p_conversation
        AND (cp.user_id = app_current_user_id() OR cp.user_id = ANY ((SELECT app_acting_user_ids())::uuid[])));
  END $$;
--> statement-breakpoint
ALTER POLICY conversations_participant_read ON conversations
  USING ((patient_id = app_current_user_id() OR patient_id = ANY ((SELECT app_acting_user_ids())::uuid[])) OR (carer_id = app_current_user_id() OR carer_id = ANY ((SELECT app_acting_user_ids())::uuid[])));
--> statement-breakpoint
ALTER POLICY conversations_participant_touch ON conversations
  USING ((patient_id = app_current_user_id() OR patient_id = ANY ((SELECT app_acting_user_ids())::uuid[])) OR (carer_id = app_current_user_id() OR carer_id = ANY ((SELECT app_acting_user_ids())::uuid[])))
  WITH CHECK ((patient_id = app_current_user_id() OR patient_id = ANY ((SELECT app_acting_user_ids())::uuid[])) OR (carer_id = app_current_user_id() OR carer_id = ANY ((SELECT app_acting_user_ids())::uuid[])));
--> statement-breakpoint
-- One's own participant row and one's own messages are seen without asking app_in_conversation
-- (a definer function, the costlier check) row by row: a sender always takes part (the send
-- policy), and nobody leaves a conversation.
ALTER POLICY conversation_participants_read ON conversation_participants
  USING ((user_id = app_current_user_id() OR user_id = ANY ((SELECT app_acting_user_ids())::uuid[])) OR app_in_conversation(conversation_id));
--> statement-breakpoint
ALTER POLICY messages_participant_read ON messages
  USING ((sender_id = app_current_user_id() OR sender_id = ANY ((SELECT app_acting_user_ids())::uuid[])) OR app_in_conversation(conversation_id));
--> statement-breakpoint
ALTER POLICY conversation_participants_own_marker ON conversation_participants
  USING ((user_id = app_current_user_id() OR user_id = ANY ((SELECT app_acting_user_ids())::uuid[]))) WITH CHECK ((user_id = app_current_user_id() OR user_id = ANY ((SELECT app_acting_user_ids())::uuid[])));
--> statement-breakpoint
ALTER POLICY messages_participant_send ON messages
  WITH CHECK ((sender_id = app_current_user_id() OR sender_id = ANY ((SELECT app_acting_user_ids())::uuid[])) AND EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.conversation_id = messages.conversation_id AND cp.user_id = messages.sender_id)
    AND tenant_id = (SELECT c.tenant_id FROM conversations c WHERE c.id = conversation_id));
--> statement-breakpoint
ALTER POLICY audit_events_own_action ON audit_events
  WITH CHECK ((actor_user_id = app_current_user_id() OR actor_user_id = ANY ((SELECT app_acting_user_ids())::uuid[])));
--> statement-breakpoint
-- One message of a batch, as send_messages reads it from its argument.
CREATE TYPE message_send AS (i integer, sender uuid, conversation uuid, body text, at timestamptz, request_id text, client_ip text);
--> statement-breakpoint
-- The batch: p is an array of send_message's arguments ({senderId, conversationId, body, now,
-- requestId, clientIp, and over a socket sessionId and idleMinutes}). The answer is an array in
-- p's order: the new message, null where the sender has no such conversation, or
-- {"sessionEnded": true} where the socket's session has ended (nothing is written for it).
CREATE OR REPLACE FUNCTION send_messages(p jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_in message_send[];
    v_ended integer[];
    v_senders uuid[];
    v_sent jsonb;
  BEGIN
    -- A few messages cost less one by one than the set-based statements' fixed cost (measured:
    -- about even at six).
    IF jsonb_array_length(p) < 6 THEN
      RETURN (SELECT coalesce(jsonb_agg(send_message(t.e) ORDER BY t.i), '[]'::jsonb)
        FROM jsonb_array_elements(p) WITH ORDINALITY AS t(e, i));
    END IF;
    -- Sessions are read as the server's own role (app_user may not read them), and an earlier
    -- statement of this transaction may have switched to app_user.
    PERFORM set_config('role', 'none', true);
    WITH input AS (
      SELECT t.i::integer AS i, t.e, (t.e->>'senderId')::uuid AS sender, (t.e->>'now')::timestamptz AS at
      FROM jsonb_array_elements(p) WITH ORDINALITY AS t(e, i)),
    checked AS MATERIALIZED (
      SELECT input.*, (NOT (input.e ? 'sessionId') OR EXISTS (
          SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = (input.e->>'sessionId')::uuid AND s.user_id = input.sender AND s.expires_at > input.at AND u.disabled_at IS NULL
            AND (coalesce((input.e->>'idleMinutes')::integer, 0) = 0
              OR s.last_seen_at >= input.at - make_interval(mins => (input.e->>'idleMinutes')::integer)))) AS usable
      FROM input)
    SELECT
      array_agg(ROW(i, sender, (e->>'conversationId')::uuid, e->>'body', at, e->>'requestId', e->>'clientIp')::message_send ORDER BY i) FILTER (WHERE usable),
      array_agg(i) FILTER (WHERE NOT usable),
      array_agg(DISTINCT sender) FILTER (WHERE usable)
    INTO v_in, v_ended, v_senders
    FROM checked;
    IF v_in IS NOT NULL THEN
      PERFORM set_config('app.tenant_id', '', true), set_config('app.user_id', '', true),
        set_config('app.acting_user_ids', v_senders::text, true), set_config('role', 'app_user', true);
      -- The conversations' rows in one order, so that two batches cannot deadlock.
      PERFORM 1 FROM conversations c WHERE c.id IN (SELECT x.conversation FROM unnest(v_in) x) ORDER BY c.id FOR NO KEY UPDATE;
      WITH chosen AS (
        -- The sender's own conversation, of which they are the patient or the carer (and so take
        -- part in it, which the send policy checks row by row); any other message is answered null.
        SELECT x.*, gen_random_uuid() AS id, c.tenant_id
        FROM unnest(v_in) x JOIN conversations c ON c.id = x.conversation
        WHERE c.patient_id = x.sender OR c.carer_id = x.sender),
      written AS (
        INSERT INTO messages (id, tenant_id, conversation_id, sender_id, body, created_at)
          SELECT id, tenant_id, conversation, sender, body, at FROM chosen ORDER BY i),
      touched AS (
        UPDATE conversations c SET last_message_at = g.at
          FROM (SELECT conversation, max(at) AS at FROM chosen GROUP BY conversation) g
          WHERE c.id = g.conversation),
      -- What one writes, one has read.
      marked AS (
        UPDATE conversation_participants cp SET last_read_at = g.at
          FROM (SELECT conversation, sender, max(at) AS at FROM chosen GROUP BY conversation, sender) g
          WHERE cp.conversation_id = g.conversation AND cp.user_id = g.sender),
      audited AS (
        INSERT INTO audit_events (action, outcome, tenant_id, actor_user_id, target_type, target_id, request_id, client_ip, metadata)
          SELECT 'message.sent', 'success', tenant_id, sender, 'message', id::text, request_id, client_ip,
            jsonb_build_object('conversationId', conversation)
          FROM chosen ORDER BY i)
      -- The messages as written (send_message's answer is the row: the same fields).
      SELECT jsonb_object_agg(i::text, jsonb_build_object('id', id, 'tenant_id', tenant_id, 'conversation_id', conversation,
          'sender_id', sender, 'body', body, 'created_at', at)) INTO v_sent
      FROM chosen;
      -- Each message announced to the other person of its conversation (ids only; delivered at
      -- commit), in NOTIFYs of {"events": [{"users", "type": "message", "data"}, …]} each under
      -- 8000 bytes: a new one starts every 6000 bytes of events (one is about 150 bytes). As the
      -- server's own role, as the rows' trigger (a definer function) reads the participants.
      PERFORM set_config('role', 'none', true);
      PERFORM pg_notify('tendwell_realtime', json_build_object('events', json_agg(e.event ORDER BY e.n))::text)
      FROM (
        SELECT r.n, r.event, (sum(length(r.event::text)) OVER (ORDER BY r.n) - length(r.event::text)) / 6000 AS chunk
        FROM (
          SELECT m.key::integer AS n, json_build_object('users', u.users, 'type', 'message',
            'data', json_build_object('conversationId', m.value->>'conversation_id', 'id', m.value->>'id')) AS event
          FROM jsonb_each(v_sent) m
          CROSS JOIN LATERAL (SELECT json_agg(cp.user_id) AS users FROM conversation_participants cp
            WHERE cp.conversation_id = (m.value->>'conversation_id')::uuid AND cp.user_id IS DISTINCT FROM (m.value->>'sender_id')::uuid) u
          WHERE u.users IS NOT NULL) r) e
      GROUP BY e.chunk;
    END IF;
    RETURN (SELECT coalesce(jsonb_agg(
        CASE WHEN t.i = ANY (coalesce(v_ended, '{}')) THEN jsonb_build_object('sessionEnded', true)
             ELSE coalesce(v_sent -> (t.i::text), 'null'::jsonb) END ORDER BY t.i), '[]'::jsonb)
      FROM generate_series(1, jsonb_array_length(p)) AS t(i));
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION send_messages(jsonb) FROM PUBLIC;
--> statement-breakpoint
-- A message written alone is still announced by its row's trigger (0012); a batch's messages
-- are announced by send_messages, several to a NOTIFY, and their rows' trigger stays quiet.
DROP TRIGGER messages_announce ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_announce AFTER INSERT ON messages
  FOR EACH ROW WHEN (coalesce(current_setting('app.acting_user_ids', true), '') = '')
  EXECUTE FUNCTION messages_announce();
