-- Sending a secure message in one statement (hand-written). Before, a send was a transaction of
-- seven statements (role and settings, the conversation, the insert, two updates, the audit row)
-- and then a re-read of the conversation page; each round trip costs more than the work it does.
-- Like book_appointment (0009) this function switches to app_user with the sender as the current
-- user first, so row-level security decides exactly as before: a non-participant finds no
-- conversation (NULL, answered 404) and could not insert a message anyway.
CREATE OR REPLACE FUNCTION send_message(p jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql VOLATILE
  AS $$
  DECLARE
    v_user uuid := (p->>'senderId')::uuid;
    v_conversation uuid := (p->>'conversationId')::uuid;
    v_now timestamptz := (p->>'now')::timestamptz;
    v_tenant uuid;
    v_row messages;
  BEGIN
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
