import { useQueryClient } from '@tanstack/react-query';
import { Building2, Check, ChevronDown, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ButtonLink } from '~/web/components/ui/button';
import { problemMessage } from '~/web/lib/problem-message';
import { SESSION_QUERY_KEY, switchTenant, useAuth, useRefreshSession } from '~/web/lib/session';
import { tenantKeys, useMyTenants } from '../api/tenants';
import { rememberCurrentTenant } from '../lib/format';

export const MANAGE_TENANTS_PATH = '/tenant/manage';
const DASHBOARD_PATH = '/dashboard';

const TRIGGER_CLASS_NAME =
  'inline-flex h-10 min-w-[200px] max-w-64 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-progress data-[state=open]:bg-slate-100';
const ITEM_CLASS_NAME =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-sm px-2 text-sm text-slate-800 select-none focus-visible:-outline-offset-2 data-disabled:cursor-progress data-highlighted:bg-teal-50 data-highlighted:text-teal-900';

/**
 * The header's tenant switcher (spec §2), for signed-in people: 'Loading...' while their
 * organisations load; with a current organisation a menu of all of theirs (choosing the current
 * one does nothing; another one switches on the server and only then refreshes the session and
 * goes to /dashboard); with none a Create Tenant button. The current organisation's id is remembered in the browser
 * (`current_tenant_id`), but the session the server answers with always decides.
 */
export default function TenantSwitcher() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  const [switching, setSwitching] = useState(false);
  const current = auth.session?.currentTenant ?? null;
  const tenants = useMyTenants(auth.status === 'authenticated' && current !== null);

  useEffect(() => {
    // A mirror of the server's answer, never a source: signed out, nothing is remembered.
    if (auth.status !== 'loading') rememberCurrentTenant(current?.id ?? null);
  }, [auth.status, current?.id]);

  // Visitors see nothing (the account area shows its own placeholder while the session loads).
  if (auth.status !== 'authenticated') return null;
  if (current && tenants.isPending) {
    return (
      <button type="button" disabled className={TRIGGER_CLASS_NAME}>
        {t('tenantSwitcher.loading')}
      </button>
    );
  }
  if (!current) {
    return (
      <ButtonLink variant="outline" to={MANAGE_TENANTS_PATH}>
        <Building2 aria-hidden="true" className="size-4" />
        {t('tenantSwitcher.create')}
      </ButtonLink>
    );
  }

  async function choose(tenantId: string) {
    if (!current || tenantId === current.id || switching) return;
    setSwitching(true);
    try {
      const next = await switchTenant(tenantId);
      client.setQueryData(SESSION_QUERY_KEY, next);
      await refreshSession();
      client.removeQueries({ queryKey: ['tenant'] });
      await client.invalidateQueries({ queryKey: tenantKeys.mine });
      toast.success(t('tenantSwitcher.switched', { name: next.currentTenant?.name ?? '' }));
      await navigate(DASHBOARD_PATH);
    } catch (error) {
      toast.error(t('tenantSwitcher.failed'), { description: problemMessage(i18n, error) });
    } finally {
      setSwitching(false);
    }
  }

  // The list from the server, or at least the current organisation if it could not be loaded.
  const list = tenants.data?.tenants ?? [{ id: current.id, name: current.name, current: true }];

  return (
    // Not modal, like the language picker: a modal menu would hide the page from assistive
    // technology while it still holds focusable elements (axe: aria-hidden-focus).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={TRIGGER_CLASS_NAME} disabled={switching}>
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-700" />
        <span className="sr-only">{t('tenantSwitcher.label')}: </span>
        {/* An organisation's name in its own direction: a Latin name in Arabic is cut at its end, not its start. */}
        <span dir="auto" className="flex-1 truncate text-left [:root[dir=rtl]_&]:text-right">
          {current.name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      {/* In place (no portal) so that the open menu stays inside the header landmark. */}
      <DropdownMenu.Content align="end" sideOffset={6} className="z-50 w-[250px] rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg">
        <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-700">{t('tenantSwitcher.label')}</DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={current.id} onValueChange={(value) => void choose(value)}>
          {list.map((tenant) => (
            <DropdownMenu.RadioItem key={tenant.id} value={tenant.id} disabled={switching} className={ITEM_CLASS_NAME}>
              <span dir="auto" className="flex-1 truncate text-left [:root[dir=rtl]_&]:text-right">
                {tenant.name}
              </span>
              {tenant.id === current.id ? <span className="text-xs text-slate-700">{t('tenantSwitcher.current')}</span> : null}
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-teal-700" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        {tenants.isError ? (
          <DropdownMenu.Item disabled className="px-2 py-1.5 text-xs text-red-700">
            {t('tenantSwitcher.loadFailed')}
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item asChild className={ITEM_CLASS_NAME}>
          <Link to={MANAGE_TENANTS_PATH}>
            <Settings aria-hidden="true" className="size-4 text-slate-700" />
            {t('header.manageTenants')}
          </Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
