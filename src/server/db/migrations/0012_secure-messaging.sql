CREATE TABLE "conversation_participants" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"role" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"unread_emailed_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id"),
	CONSTRAINT "conversation_participants_role_check" CHECK ("conversation_participants"."role" in ('patient', 'carer'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"carer_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "conversations_two_people" CHECK ("conversations"."patient_id" <> "conversations"."carer_id")
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "message_attachments_name_length" CHECK (char_length("message_attachments"."file_name") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_carer_id_users_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_participants_user" ON "conversation_participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair" ON "conversations" USING btree ("tenant_id","patient_id","carer_id");--> statement-breakpoint
CREATE INDEX "conversations_patient" ON "conversations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "conversations_carer" ON "conversations" USING btree ("carer_id");--> statement-breakpoint
CREATE INDEX "message_attachments_message" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_created" ON "messages" USING btree ("conversation_id","created_at");
--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Hand-written: only a conversation's participants read it, whatever organisation the session
-- acts in (a patient has none); nobody edits or deletes a message.
-- ---------------------------------------------------------------------------------------------
-- Whether the current user takes part in a conversation. A definer function, so the policies of
-- the other tables can ask without the participants' own policy asking itself.
CREATE OR REPLACE FUNCTION app_in_conversation(p_conversation uuid) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    RETURN EXISTS (SELECT 1 FROM conversation_participants cp
      WHERE cp.conversation_id = p_conversation AND cp.user_id = app_current_user_id());
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_in_conversation(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_in_conversation(uuid) TO app_user;
--> statement-breakpoint
-- Whether two people may write to each other in an organisation: the patient has (or had) an
-- appointment there with the carer as provider. Strangers cannot start a conversation.
CREATE OR REPLACE FUNCTION app_care_link(p_tenant uuid, p_patient uuid, p_carer uuid) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    RETURN EXISTS (SELECT 1 FROM appointments a JOIN provider_profiles p ON p.id = a.provider_id
      WHERE a.tenant_id = p_tenant AND a.patient_id = p_patient AND p.user_id = p_carer);
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_care_link(uuid, uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_care_link(uuid, uuid, uuid) TO app_user;
--> statement-breakpoint
ALTER TABLE conversations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE conversations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY conversations_participant_read ON conversations FOR SELECT
  USING (patient_id = app_current_user_id() OR carer_id = app_current_user_id());
--> statement-breakpoint
-- One of the two starts it, and only where they have a care link.
CREATE POLICY conversations_start ON conversations FOR INSERT
  WITH CHECK (created_by = app_current_user_id()
    AND (patient_id = app_current_user_id() OR carer_id = app_current_user_id())
    AND app_care_link(tenant_id, patient_id, carer_id));
--> statement-breakpoint
CREATE POLICY conversations_participant_touch ON conversations FOR UPDATE
  USING (patient_id = app_current_user_id() OR carer_id = app_current_user_id())
  WITH CHECK (patient_id = app_current_user_id() OR carer_id = app_current_user_id());
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON conversations FROM app_user;
--> statement-breakpoint
GRANT UPDATE (last_message_at) ON conversations TO app_user;
--> statement-breakpoint
ALTER TABLE conversation_participants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE conversation_participants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY conversation_participants_read ON conversation_participants FOR SELECT
  USING (app_in_conversation(conversation_id));
--> statement-breakpoint
-- The two people of a conversation are added by the one who starts it, as it is started.
CREATE POLICY conversation_participants_add ON conversation_participants FOR INSERT
  WITH CHECK (EXISTS (SELECT 1 FROM conversations c WHERE c.id = conversation_id AND c.created_by = app_current_user_id()
    AND c.tenant_id = conversation_participants.tenant_id
    AND ((conversation_participants.role = 'patient' AND conversation_participants.user_id = c.patient_id)
      OR (conversation_participants.role = 'carer' AND conversation_participants.user_id = c.carer_id))));
--> statement-breakpoint
-- Each moves only their own read marker.
CREATE POLICY conversation_participants_own_marker ON conversation_participants FOR UPDATE
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON conversation_participants FROM app_user;
--> statement-breakpoint
GRANT UPDATE (last_read_at) ON conversation_participants TO app_user;
--> statement-breakpoint
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY messages_participant_read ON messages FOR SELECT
  USING (app_in_conversation(conversation_id));
--> statement-breakpoint
CREATE POLICY messages_participant_send ON messages FOR INSERT
  WITH CHECK (sender_id = app_current_user_id() AND app_in_conversation(conversation_id)
    AND tenant_id = (SELECT c.tenant_id FROM conversations c WHERE c.id = conversation_id));
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON messages FROM app_user;
--> statement-breakpoint
ALTER TABLE message_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE message_attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY message_attachments_participant_read ON message_attachments FOR SELECT
  USING (app_in_conversation(conversation_id));
--> statement-breakpoint
-- Only with one's own message, in its conversation and organisation.
CREATE POLICY message_attachments_sender_add ON message_attachments FOR INSERT
  WITH CHECK (EXISTS (SELECT 1 FROM messages m WHERE m.id = message_id AND m.sender_id = app_current_user_id()
    AND m.conversation_id = message_attachments.conversation_id AND m.tenant_id = message_attachments.tenant_id));
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON message_attachments FROM app_user;
--> statement-breakpoint
-- Live delivery: a new message is announced to the other participant on the realtime channel
-- (ids only; at commit, as the notifications of 0011), whoever inserted it.
CREATE OR REPLACE FUNCTION messages_announce() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    PERFORM pg_notify('tendwell_realtime', json_build_object(
      'users', (SELECT coalesce(json_agg(cp.user_id), '[]'::json) FROM conversation_participants cp
                WHERE cp.conversation_id = NEW.conversation_id AND cp.user_id IS DISTINCT FROM NEW.sender_id),
      'type', 'message',
      'data', json_build_object('conversationId', NEW.conversation_id, 'id', NEW.id)
    )::text);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER messages_announce AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_announce();
