-- Messages sent over the realtime socket (`message.send`, hand-written). An HTTP request reads its
-- session before it sends; a socket authenticated once, when it opened, and its session may have
-- ended since (signed out, expired, idle, the person disabled). So a message sent over a socket
-- names its session and idle lifetime, and send_message checks them in the same statement, as the
-- server's own role (app_user may not read sessions; in send_messages an earlier element has
-- switched to app_user, so the role is reset first): an ended session writes nothing and answers
-- {"sessionEnded": true}. The rest is 0014's send_message unchanged.
CREATE OR REPLACE FUNCTION send_message(p jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_user uuid := (p->>'senderId')::uuid;
    v_conversation uuid := (p->>'conversationId')::uuid;
    v_now timestamptz := (p->>'now')::timestamptz;
    v_idle integer := coalesce((p->>'idleMinutes')::integer, 0);
    v_tenant uuid;
    v_row messages;
  BEGIN
    IF p ? 'sessionId' THEN
      PERFORM set_config('role', 'none', true);
      IF NOT EXISTS (
        SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = (p->>'sessionId')::uuid AND s.user_id = v_user AND s.expires_at > v_now AND u.disabled_at IS NULL
            AND (v_idle = 0 OR s.last_seen_at >= v_now - make_interval(mins => v_idle))) THEN
        RETURN jsonb_build_object('sessionEnded', true);
      END IF;
    END IF;
    PERFORM set_config('app.tenant_id', coalesce(p->>'actingTenantId', ''), true), set_config('app.user_id', v_user::text, true),
      set_config('role', 'app_user', true);
    SELECT c.tenant_id INTO v_tenant FROM conversations c WHERE c.id = v_conversation;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    INSERT INTO messages (tenant_id, conversation_id, sender_id, body, created_at)
      VALUES (v_tenant, v_conversation, v_user, p->>'body', v_now)
      RETURNING * INTO v_row;
    UPDATE conversations SET last_message_at = v_now WHERE id = v_conversation;
    -- What one writes, one has read.
    UPDATE conversation_participants SET last_read_at = v_now WHERE conversation_id = v_conversation AND user_id = v_user;
    INSERT INTO audit_events (action, outcome, tenant_id, actor_user_id, target_type, target_id, request_id, client_ip, metadata)
      VALUES ('message.sent', 'success', v_tenant, v_user, 'message', v_row.id::text, p->>'requestId', p->>'clientIp',
        jsonb_build_object('conversationId', v_conversation));
    RETURN to_jsonb(v_row);
  END $$;
--> statement-breakpoint
-- It sets the current user from its argument, so only the server's own role (its owner) may call it.
REVOKE ALL ON FUNCTION send_message(jsonb) FROM PUBLIC;
