-- app_is_tenant_staff() (0007) as PL/pgSQL. As a SQL function it could not be inlined (its body
-- holds a sub-select), so every call planned it again: about a quarter of a millisecond, twice in
-- every booking (the appointments policies) and wherever a staff policy is checked. A PL/pgSQL
-- function keeps its plan per session. Without an organisation in scope (a patient's request)
-- nobody is its staff, so it answers false without reading the memberships. Same answers as before.
CREATE OR REPLACE FUNCTION app_is_tenant_staff() RETURNS boolean
  LANGUAGE plpgsql STABLE
  AS $$
  DECLARE
    v_tenant uuid := app_current_tenant_id();
  BEGIN
    IF v_tenant IS NULL THEN
      RETURN false;
    END IF;
    RETURN EXISTS (
      SELECT 1 FROM tenant_memberships m
      WHERE m.tenant_id = v_tenant AND m.user_id = app_current_user_id()
        AND m.status = 'active' AND m.role <> 'member');
  END $$;
