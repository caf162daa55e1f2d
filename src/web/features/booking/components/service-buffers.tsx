import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PracticeService, PracticeServiceInputSchema } from '~/shared/contracts/practice-profile';
import { Button } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { focusFirstInvalid } from '~/web/lib/focus';
import { problemMessage } from '~/web/lib/problem-message';
import { useOwnServices, useSaveService } from '../api/practice-profile-api';
import { invalidFields, passesSchema } from '../lib/form-errors';
import { QueryState } from './parts';

/** The service as the service-update API takes it (PUT /api/v1/practice/services/{id} replaces it whole). */
export function serviceInputOf(service: PracticeService) {
  return {
    name: service.name,
    description: service.description,
    mode: service.mode,
    durationMinutes: service.durationMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    priceMinor: service.priceMinor,
    active: service.active,
  };
}

/** A number typed into a field; blank is not a number (the schema then says what is missing). */
export function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * The two buffer fields of a service (minutes kept free before and after each appointment): the
 * services manager's form on /provider/profile and the buffers editor on /provider/availability.
 */
export function BufferFields({
  before,
  after,
  onBefore,
  onAfter,
  errorOf,
  labelSuffix,
}: {
  before: string;
  after: string;
  onBefore(value: string): void;
  onAfter(value: string): void;
  errorOf(field: 'bufferBeforeMinutes' | 'bufferAfterMinutes'): string | null;
  /** Said after the label to screen readers, when several services' fields share a page. */
  labelSuffix?: string;
}) {
  const { t } = useTranslation('appointments');
  const field = (label: string, name: 'bufferBeforeMinutes' | 'bufferAfterMinutes', value: string, onChange: (v: string) => void, hint?: string) => (
    <Field label={labelSuffix ? t('directoryProfile.services.bufferFor', { label, service: labelSuffix }) : label} hint={hint} error={errorOf(name)}>
      {({ id, describedBy, invalid }) => (
        <Input id={id} type="number" inputMode="numeric" min={0} max={240} step={1} value={value} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
  return (
    <>
      {field(t('directoryProfile.services.bufferBefore'), 'bufferBeforeMinutes', before, onBefore, labelSuffix ? undefined : t('directoryProfile.services.buffersHint'))}
      {field(t('directoryProfile.services.bufferAfter'), 'bufferAfterMinutes', after, onAfter)}
    </>
  );
}

/**
 * /provider/availability: the buffers of every bookable service, saved through the same
 * service-update API as /provider/profile (one source of truth: the service row). A save makes the
 * week preview read again.
 */
export function ServiceBuffersEditor() {
  const { t } = useTranslation('appointments');
  const services = useOwnServices(true);
  const id = useId();
  const bookable = services.data?.services.filter((s) => s.active) ?? [];
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {t('availability.buffersHeading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('availability.buffersIntro')}</p>
      <QueryState pending={services.isPending} error={services.isError ? services.error : null} retry={() => void services.refetch()}>
        {services.data && bookable.length === 0 ? <p className="mt-4 text-slate-700">{t('directoryProfile.services.empty')}</p> : null}
        <ul className="mt-4 space-y-4">
          {bookable.map((service) => (
            <li key={service.id}>
              <BuffersForm service={service} />
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

function BuffersForm({ service }: { service: PracticeService }) {
  const { t, i18n } = useTranslation('appointments');
  const save = useSaveService();
  const [before, setBefore] = useState(String(service.bufferBeforeMinutes));
  const [after, setAfter] = useState(String(service.bufferAfterMinutes));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  // The saved service from the server replaces the draft.
  const [shown, setShown] = useState(service);
  if (shown !== service) {
    setShown(service);
    setBefore(String(service.bufferBeforeMinutes));
    setAfter(String(service.bufferAfterMinutes));
  }
  const errorOf = (field: 'bufferBeforeMinutes' | 'bufferAfterMinutes') => (invalid.has(field) ? t(`directoryProfile.errors.${field}`) : null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = { ...serviceInputOf(service), bufferBeforeMinutes: typedNumber(before), bufferAfterMinutes: typedNumber(after) };
    const form = event.currentTarget;
    const refused = () => {
      setFailure(t('directoryProfile.form.invalid'));
      focusFirstInvalid(form);
    };
    if (!passesSchema(PracticeServiceInputSchema, input, setInvalid, refused)) return;
    save.mutate(
      { id: service.id, input },
      {
        onSuccess: () => toast.success(t('availability.buffersSaved', { name: service.name })),
        onError: (error) => {
          setInvalid(invalidFields(error));
          setFailure(problemMessage(i18n, error));
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {service.name}
      </h3>
      <p className="text-sm text-slate-700">{t('directoryProfile.services.line', { minutes: service.durationMinutes, mode: t(`modes.${service.mode}`) })}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <BufferFields before={before} after={after} onBefore={setBefore} onAfter={setAfter} errorOf={errorOf} labelSuffix={service.name} />
      </div>
      <p role="alert" className={failure ? 'mt-3 text-sm font-medium text-red-700' : 'sr-only'}>
        {failure ?? ''}
      </p>
      <Button type="submit" variant="outline" className="mt-3" busy={save.isPending}>
        {t('availability.saveBuffers')}
        <span className="sr-only">: {service.name}</span>
      </Button>
    </form>
  );
}
