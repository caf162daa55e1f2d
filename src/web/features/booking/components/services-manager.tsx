import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PracticeService, type PracticeServiceInput, PracticeServiceInputSchema, PROFILE_LIMITS } from '~/shared/contracts/practice-profile';
import { SERVICE_MODES, type ServiceMode } from '~/shared/contracts/providers';
import { Button } from '~/web/components/ui/button';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { currentLanguage } from '~/web/lib/i18n';
import { focusFirstInvalid } from '~/web/lib/focus';
import { problemMessage } from '~/web/lib/problem-message';
import { useDeleteService, useOwnServices, useSaveService } from '../api/practice-profile-api';
import { formatMoney, isolatePrice } from '../lib/format';
import { invalidFields, passesSchema } from '../lib/form-errors';
import { TextArea } from './form-controls';
import { BufferFields, serviceInputOf, typedNumber } from './service-buffers';
import { Badge, QueryState, SELECT_CLASS_NAME } from './parts';

/** A typed price in minor units; more than two decimals is not a price (NaN, which the schema refuses). */
function minorUnits(text: string): number {
  const cents = typedNumber(text) * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 ? Math.round(cents) : Number.NaN;
}

type Confirmation = { kind: 'deactivate' | 'delete'; service: PracticeService };

/** The provider's services: add, edit, deactivate (no longer bookable) or delete one nobody has booked. */
export function ServicesManager() {
  const { t, i18n } = useTranslation('appointments');
  const language = currentLanguage(i18n.resolvedLanguage);
  const services = useOwnServices(true);
  const save = useSaveService();
  const remove = useDeleteService();
  const [editing, setEditing] = useState<PracticeService | 'new' | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const currency = services.data?.currency ?? '';

  function closeForm() {
    // "Add a service" is disabled while the form is open: enabled first, then focused.
    flushSync(() => setEditing(null));
    addRef.current?.focus();
  }

  function reactivate(service: PracticeService) {
    setRefusal(null);
    save.mutate(
      { id: service.id, input: { ...serviceInputOf(service), active: true } },
      { onSuccess: () => toast.success(t('directoryProfile.services.reactivated')), onError: (e) => setRefusal(problemMessage(i18n, e)) },
    );
  }

  function onConfirm() {
    if (!confirmation) return;
    const { kind, service } = confirmation;
    const done = {
      onSuccess: () => {
        setConfirmation(null);
        toast.success(kind === 'delete' ? t('directoryProfile.services.deleted') : t('directoryProfile.services.deactivated'));
      },
      onError: (e: unknown) => {
        setConfirmation(null);
        setRefusal(problemMessage(i18n, e));
      },
    };
    setRefusal(null);
    if (kind === 'delete') remove.mutate(service.id, done);
    else save.mutate({ id: service.id, input: { ...serviceInputOf(service), active: false } }, done);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {t('directoryProfile.services.heading')}
          </h2>
          {currency ? <p className="mt-1 text-sm text-slate-700">{t('directoryProfile.services.intro', { currency })}</p> : null}
        </div>
        <Button ref={addRef} variant="outline" onClick={() => setEditing('new')} disabled={editing !== null || !services.data}>
          {t('directoryProfile.services.add')}
        </Button>
      </div>
      <p role="alert" className={refusal ? 'mt-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800' : 'sr-only'}>
        {refusal ?? ''}
      </p>
      <QueryState pending={services.isPending} error={services.isError ? services.error : null} retry={() => void services.refetch()}>
        {services.data?.services.length === 0 ? <p className="mt-4 text-slate-700">{t('directoryProfile.services.empty')}</p> : null}
        <ul className="mt-4 space-y-3">
          {services.data?.services.map((service) => (
            <li key={service.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{service.name}</h3>
                    {service.active ? <Badge tone="green">{t('directoryProfile.services.active')}</Badge> : <Badge tone="amber">{t('directoryProfile.services.inactive')}</Badge>}
                  </div>
                  <p className="mt-1 text-sm text-slate-800">
                    {t('directoryProfile.services.line', { minutes: service.durationMinutes, mode: t(`modes.${service.mode}`) })} ·{' '}
                    <bdi dir="ltr">{formatMoney(service.priceMinor, service.currency, language)}</bdi>
                  </p>
                  {service.bufferBeforeMinutes || service.bufferAfterMinutes ? (
                    <p className="text-sm text-slate-700">{t('directoryProfile.services.buffers', { before: service.bufferBeforeMinutes, after: service.bufferAfterMinutes })}</p>
                  ) : null}
                  {service.description ? <p className="mt-1 text-sm text-slate-700">{service.description}</p> : null}
                  {service.inUse ? <p className="mt-1 text-sm text-slate-700">{t('directoryProfile.services.inUse')}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" disabled={editing !== null} onClick={() => setEditing(service)}>
                    {t('directoryProfile.services.edit')}
                    <span className="sr-only">: {service.name}</span>
                  </Button>
                  {service.active ? (
                    <Button variant="outline" size="sm" onClick={() => setConfirmation({ kind: 'deactivate', service })}>
                      {t('directoryProfile.services.deactivate')}
                      <span className="sr-only">: {service.name}</span>
                    </Button>
                  ) : (
                    <Button variant="outline" size="sm" busy={save.isPending} onClick={() => reactivate(service)}>
                      {t('directoryProfile.services.reactivate')}
                      <span className="sr-only">: {service.name}</span>
                    </Button>
                  )}
                  {service.inUse ? null : (
                    <Button variant="ghost" size="sm" onClick={() => setConfirmation({ kind: 'delete', service })}>
                      {t('directoryProfile.services.delete')}
                      <span className="sr-only">: {service.name}</span>
                    </Button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
        {editing !== null && services.data ? (
          <ServiceForm key={editing === 'new' ? 'new' : editing.id} service={editing === 'new' ? null : editing} currency={services.data.currency} onDone={closeForm} />
        ) : null}
      </QueryState>
      <ConfirmDialog
        open={confirmation !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmation(null);
        }}
        title={
          confirmation
            ? confirmation.kind === 'delete'
              ? t('directoryProfile.services.deleteTitle', { name: confirmation.service.name })
              : t('directoryProfile.services.deactivateTitle', { name: confirmation.service.name })
            : ''
        }
        description={confirmation?.kind === 'delete' ? t('directoryProfile.services.deleteBody') : t('directoryProfile.services.deactivateBody')}
        confirmLabel={confirmation?.kind === 'delete' ? t('directoryProfile.services.delete') : t('directoryProfile.services.deactivate')}
        cancelLabel={t('directoryProfile.services.cancel')}
        pending={save.isPending || remove.isPending}
        onConfirm={onConfirm}
      />
    </section>
  );
}

type ServiceField = 'name' | 'description' | 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'priceMinor';

function ServiceForm({ service, currency, onDone }: { service: PracticeService | null; currency: string; onDone(): void }) {
  const { t, i18n } = useTranslation('appointments');
  const save = useSaveService();
  const [name, setName] = useState(service?.name ?? '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [mode, setMode] = useState<ServiceMode>(service?.mode ?? 'in_person');
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 30));
  const [bufferBefore, setBufferBefore] = useState(String(service?.bufferBeforeMinutes ?? 0));
  const [bufferAfter, setBufferAfter] = useState(String(service?.bufferAfterMinutes ?? 0));
  const [price, setPrice] = useState(service ? (service.priceMinor / 100).toFixed(2) : '');
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  // A price refused for being over the most a service may cost says that most, not the format.
  const [priceOverMax, setPriceOverMax] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const messages: Record<ServiceField, string> = {
    name: t('directoryProfile.errors.name', { max: PROFILE_LIMITS.serviceName }),
    description: t('directoryProfile.errors.description', { max: PROFILE_LIMITS.serviceDescription }),
    durationMinutes: t('directoryProfile.errors.durationMinutes'),
    bufferBeforeMinutes: t('directoryProfile.errors.bufferBeforeMinutes'),
    bufferAfterMinutes: t('directoryProfile.errors.bufferAfterMinutes'),
    priceMinor: priceOverMax
      ? t('directoryProfile.errors.priceMax', { max: isolatePrice(formatMoney(PROFILE_LIMITS.priceMinorMax, currency, currentLanguage(i18n.resolvedLanguage))) })
      : t('directoryProfile.errors.priceMinor'),
  };
  const errorOf = (field: ServiceField) => (invalid.has(field) ? messages[field] : null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const input: PracticeServiceInput = {
      name,
      description,
      mode,
      durationMinutes: typedNumber(duration),
      bufferBeforeMinutes: typedNumber(bufferBefore),
      bufferAfterMinutes: typedNumber(bufferAfter),
      priceMinor: minorUnits(price),
      active: service?.active ?? true,
    };
    setPriceOverMax(input.priceMinor > PROFILE_LIMITS.priceMinorMax);
    const form = event.currentTarget;
    const refused = () => {
      setFailure(t('directoryProfile.form.invalid'));
      focusFirstInvalid(form);
    };
    if (!passesSchema(PracticeServiceInputSchema, input, setInvalid, refused)) return;
    save.mutate(
      { id: service?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(service ? t('directoryProfile.services.saved') : t('directoryProfile.services.created'));
          onDone();
        },
        onError: (error) => {
          setInvalid(invalidFields(error));
          setFailure(problemMessage(i18n, error));
        },
      },
    );
  }

  const numberField = (label: string, field: ServiceField, value: string, onChange: (v: string) => void, limits: { min: number; max: number; step?: number }, hint?: string) => (
    <Field label={label} hint={hint} error={errorOf(field)}>
      {({ id, describedBy, invalid: bad }) => (
        <Input id={id} type="number" inputMode="numeric" min={limits.min} max={limits.max} step={limits.step ?? 1} value={value} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-6">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {service ? t('directoryProfile.services.editHeading') : t('directoryProfile.services.newHeading')}
      </h3>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field label={t('directoryProfile.services.name')} error={errorOf('name')}>
          {({ id, describedBy, invalid: bad }) => (
            <Input ref={firstRef} id={id} dir="auto" value={name} maxLength={PROFILE_LIMITS.serviceName} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field label={t('directoryProfile.services.mode')}>
          {({ id, describedBy }) => (
            <select id={id} className={SELECT_CLASS_NAME} value={mode} aria-describedby={describedBy} onChange={(e) => setMode(e.target.value as ServiceMode)}>
              {SERVICE_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`modes.${m}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field className="md:col-span-2" label={t('directoryProfile.services.description')} error={errorOf('description')}>
          {({ id, describedBy, invalid: bad }) => (
            <TextArea id={id} dir="auto" rows={2} value={description} maxLength={PROFILE_LIMITS.serviceDescription} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        {numberField(t('directoryProfile.services.duration'), 'durationMinutes', duration, setDuration, { min: 5, max: 480, step: 5 })}
        <Field label={t('directoryProfile.services.price', { currency })} error={errorOf('priceMinor')}>
          {({ id, describedBy, invalid: bad }) => (
            <Input id={id} type="number" inputMode="decimal" min={0} max={PROFILE_LIMITS.priceMinorMax / 100} step={0.01} value={price} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => setPrice(e.target.value)} />
          )}
        </Field>
        <BufferFields before={bufferBefore} after={bufferAfter} onBefore={setBufferBefore} onAfter={setBufferAfter} errorOf={errorOf} />
      </div>
      <p role="alert" className={failure ? 'mt-4 text-sm font-medium text-red-700' : 'sr-only'}>
        {failure ?? ''}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" busy={save.isPending}>
          {t('directoryProfile.services.save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('directoryProfile.services.cancel')}
        </Button>
      </div>
    </form>
  );
}
