-- Several messages in one statement (hand-written): the server collects the messages sent while
-- earlier ones are still being written and writes them together (group commit,
-- platform/db/statement-batcher.ts). Each element goes through send_message (0014) unchanged, so
-- each switches to app_user with its own sender as the current user, and row-level security
-- decides for each exactly as for one. The answer is an array in the input's order: the message,
-- or null where the conversation was not found for that sender.
CREATE OR REPLACE FUNCTION send_messages(p jsonb)
  RETURNS jsonb
  LANGUAGE sql VOLATILE
  AS $$
    SELECT coalesce(jsonb_agg(send_message(t.e) ORDER BY t.i), '[]'::jsonb)
      FROM jsonb_array_elements(p) WITH ORDINALITY AS t(e, i)
  $$;
--> statement-breakpoint
-- Like send_message it sets the current user from its argument: only the server's own role may call it.
REVOKE ALL ON FUNCTION send_messages(jsonb) FROM PUBLIC;
