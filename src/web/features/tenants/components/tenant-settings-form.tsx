import { Switch } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TenantDomainSchema, TenantNameSchema, type TenantDetail, type UpdateTenantRequest } from '~/shared/contracts/tenants';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { useUpdateTenant } from '../api/tenants';
import { errorCode, useTenantErrorMessage } from '../lib/error-message';
import { Field } from '~/web/components/ui/field';
import { DomainField } from './domain-field';

const COLOUR = /^#[0-9a-fA-F]{6}$/;
type Errors = Partial<Record<'name' | 'domain' | 'colour', string>>;

/** The organisation's editable settings (tenant.manage): only what changed is sent. */
export function TenantSettingsForm({ tenant, headingId }: { tenant: TenantDetail; headingId: string }) {
  const { t } = useTranslation('dashboard');
  const errorMessage = useTenantErrorMessage();
  const update = useUpdateTenant(tenant.id);
  const id = useId();
  const ids = {
    name: `${id}-name`,
    domain: `${id}-domain`,
    colour: `${id}-colour`,
    mfa: `${id}-mfa`,
  };
  const [name, setName] = useState(tenant.name);
  const [domain, setDomain] = useState(tenant.domain ?? '');
  const [colour, setColour] = useState(tenant.branding.primaryColor ?? '');
  const [requireMfa, setRequireMfa] = useState(tenant.requireMfaForStaff);
  const [errors, setErrors] = useState<Errors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const found: Errors = {};
    const parsedName = TenantNameSchema.safeParse(name);
    if (!parsedName.success) found.name = t('tenants.create.nameRequired');
    const parsedDomain = domain.trim() === '' ? null : TenantDomainSchema.safeParse(domain);
    if (parsedDomain && !parsedDomain.success) found.domain = t('tenants.create.domainInvalid');
    const trimmedColour = colour.trim();
    if (trimmedColour !== '' && !COLOUR.test(trimmedColour)) found.colour = t('tenants.settings.colourInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsedName.success || (parsedDomain && !parsedDomain.success)) return;

    const changes: UpdateTenantRequest = {};
    if (parsedName.data !== tenant.name) changes.name = parsedName.data;
    const nextDomain = parsedDomain ? parsedDomain.data : null;
    if (nextDomain !== tenant.domain) changes.domain = nextDomain;
    const nextColour = trimmedColour === '' ? null : trimmedColour.toLowerCase();
    if (nextColour !== (tenant.branding.primaryColor?.toLowerCase() ?? null)) changes.branding = { primaryColor: nextColour };
    if (requireMfa !== tenant.requireMfaForStaff) changes.requireMfaForStaff = requireMfa;
    if (Object.keys(changes).length === 0) {
      toast.success(t('tenants.settings.saved'));
      return;
    }
    update.mutate(changes, {
      onSuccess: () => toast.success(t('tenants.settings.saved')),
      onError: (error) => {
        const message = errorMessage(error);
        if (errorCode(error) === 'tenant.domain-taken') setErrors({ domain: message });
        if (errorCode(error) === 'tenant.mfa-self-required') setRequireMfa(tenant.requireMfaForStaff);
        toast.error(t('tenants.settings.failed'), { description: message });
      },
    });
  }

  const swatch = COLOUR.test(colour.trim()) ? colour.trim() : undefined;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('tenants.settings.title')}
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex max-w-xl flex-col gap-4">
        <Field label={t('tenants.settings.name')} error={errors.name}>
          {(field) => (
            <Input
              id={field.id}
              name="name"
              required
              maxLength={200}
              value={name}
              aria-invalid={field.invalid}
              aria-describedby={field.describedBy}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <DomainField
          label={t('tenants.settings.domain')}
          hint={t('tenants.settings.domainHint')}
          error={errors.domain}
          value={domain}
          onChange={setDomain}
        />
        <Field label={t('tenants.settings.colour')} hint={t('tenants.settings.colourHint')} error={errors.colour}>
          {(field) => (
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="size-10 shrink-0 rounded-md border border-slate-400"
                style={swatch ? { backgroundColor: swatch } : undefined}
              />
              <Input
                id={field.id}
                name="primaryColor"
                dir="ltr"
                spellCheck={false}
                maxLength={7}
                placeholder="#0f766e"
                value={colour}
                aria-invalid={field.invalid}
                aria-describedby={field.describedBy}
                onChange={(event) => setColour(event.target.value)}
              />
            </div>
          )}
        </Field>
        <div className="flex items-start gap-3">
          <Switch.Root
            id={ids.mfa}
            checked={requireMfa}
            onCheckedChange={setRequireMfa}
            aria-describedby={`${ids.mfa}-hint`}
            className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors data-[state=checked]:bg-teal-700"
          >
            <Switch.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5" />
          </Switch.Root>
          <div>
            <label htmlFor={ids.mfa} className="text-sm font-medium text-slate-900">
              {t('tenants.settings.requireMfa')}
            </label>
            <p id={`${ids.mfa}-hint`} className="text-sm text-slate-700">
              {t('tenants.settings.requireMfaHint')}
            </p>
          </div>
        </div>
        <div>
          <Button type="submit" busy={update.isPending}>
            {update.isPending ? t('tenants.settings.saving') : t('tenants.settings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
