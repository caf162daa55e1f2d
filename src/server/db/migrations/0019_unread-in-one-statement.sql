-- The header's unread count in one statement (hand-written). It was a transaction of four round
-- trips (begin, settings, count, commit) and the header asks for it after every message event.
-- Like send_message (0014) it switches to app_user with this person as the current user first, so
-- row-level security decides which messages count exactly as before.
CREATE OR REPLACE FUNCTION unread_message_count(p_user uuid, p_tenant text)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_count integer;
  BEGIN
    PERFORM set_config('app.tenant_id', coalesce(p_tenant, ''), true), set_config('app.user_id', p_user::text, true),
      set_config('role', 'app_user', true);
    SELECT count(*)::integer INTO v_count
      FROM messages m
      JOIN conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = p_user
      WHERE m.sender_id IS DISTINCT FROM p_user AND m.created_at > coalesce(cp.last_read_at, '-infinity'::timestamptz);
    RETURN v_count;
  END $$;
--> statement-breakpoint
-- It sets the current user from its argument, so only the server's own role (its owner) may call it.
REVOKE ALL ON FUNCTION unread_message_count(uuid, text) FROM PUBLIC;
