import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_TOPICS,
  ContactEnquirySchema,
  DemoRequestSchema,
  type EnquiryKind,
  ORGANISATION_SIZES,
} from '~/shared/contracts/enquiries';
import { REGION_CODES, type RegionCode, getRegion } from '~/shared/regions';
import { Button } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-client';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useRegion } from '~/web/lib/region';
import { useSendEnquiry } from '../api/enquiries';

type FieldName = 'name' | 'email' | 'phone' | 'topic' | 'organisation' | 'jobTitle' | 'organisationSize' | 'regionCode' | 'message';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const FIELDS: Record<EnquiryKind, readonly FieldName[]> = {
  contact: ['name', 'email', 'phone', 'topic', 'message'],
  demo_request: ['name', 'email', 'phone', 'organisation', 'jobTitle', 'organisationSize', 'regionCode', 'message'],
};

const CONTROL = 'h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 aria-invalid:border-red-600';

/**
 * The /contact and /enterprise/demo-request forms: validated with the API's own schema on submit
 * and then on every change; the server's refusal is shown without losing what was typed; once
 * sent, a confirmation names the address the reply goes to.
 */
export function EnquiryForm({ kind }: { kind: EnquiryKind }) {
  const { t, i18n } = useTranslation('forms');
  const region = useRegion();
  const send = useSendEnquiry();
  const [values, setValues] = useState<Values>({
    name: '',
    email: '',
    phone: '',
    topic: '',
    organisation: '',
    jobTitle: '',
    organisationSize: '',
    regionCode: '',
    message: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const refs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});
  const fields = FIELDS[kind];
  const regionCode = (values.regionCode || region) as RegionCode;

  function request(values: Values) {
    const regionCode = (values.regionCode || region) as RegionCode;
    const common = {
      name: values.name,
      email: values.email,
      phone: values.phone || undefined,
      message: values.message,
      language: currentLanguage(i18n.resolvedLanguage),
    };
    return kind === 'contact'
      ? ContactEnquirySchema.safeParse({ kind, ...common, topic: values.topic || undefined, regionCode: region })
      : DemoRequestSchema.safeParse({
          kind,
          ...common,
          organisation: values.organisation,
          jobTitle: values.jobTitle,
          organisationSize: values.organisationSize || undefined,
          regionCode,
        });
  }

  function validate(current: Values): { errors: Errors; data: ReturnType<typeof request>['data'] } {
    const result = request(current);
    if (result.success) return { errors: {}, data: result.data };
    const found: Errors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && fields.includes(field) && !found[field]) found[field] = t(`enquiry.errors.${issue.message}` as 'enquiry.errors.name.required');
    }
    return { errors: found, data: undefined };
  }

  function update(name: FieldName, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    // Re-validates on change once the form has been submitted.
    if (submitted) setErrors(validate(next).errors);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const { errors: found, data } = validate(values);
    setErrors(found);
    const first = fields.find((name) => found[name]);
    if (first || !data) {
      if (first) refs.current[first]?.focus();
      return;
    }
    send.mutate(data, {
      onSuccess: () => setSentTo(data.email),
      onError: (error) => {
        setFailure(error);
        if (error instanceof ApiError) {
          const fieldErrors = error.fieldErrors();
          const next: Errors = {};
          for (const name of fields) {
            if (fieldErrors.has(`body.${name}`)) next[name] = t('enquiry.errors.invalid');
          }
          if (Object.keys(next).length > 0) setErrors(next);
        }
      },
    });
  }

  if (sentTo) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-6">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-emerald-800" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t(`enquiry.${kind}.sentTitle`)}</h2>
          <p className="mt-1 text-slate-800">{t(`enquiry.${kind}.sentText`, { email: sentTo })}</p>
        </div>
      </div>
    );
  }

  const text = (name: FieldName, type: string, autoComplete: string, hint?: string) => (
    <Field key={name} label={t(`enquiry.fields.${name}`)} hint={hint} error={errors[name]}>
      {({ id, describedBy, invalid }) => (
        <Input
          ref={(el) => {
            refs.current[name] = el;
          }}
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          dir={type === 'email' || type === 'tel' ? 'ltr' : undefined}
          required={name !== 'phone'}
          value={values[name]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => update(name, event.target.value)}
        />
      )}
    </Field>
  );

  const select = (name: FieldName, options: readonly string[], label: (value: string) => string, current: string) => (
    <Field key={name} label={t(`enquiry.fields.${name}`)} error={errors[name]}>
      {({ id, describedBy, invalid }) => (
        <select
          ref={(el) => {
            refs.current[name] = el;
          }}
          id={id}
          name={name}
          required
          value={current}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => update(name, event.target.value)}
          className={CONTROL}
        >
          {name !== 'regionCode' ? <option value="">{t('enquiry.choose')}</option> : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {label(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm text-slate-700">{t('enquiry.required')}</p>
      {fields.map((name) => {
        switch (name) {
          case 'name':
            return text(name, 'text', 'name');
          case 'email':
            return text(name, 'email', 'email', kind === 'demo_request' ? t('enquiry.workEmailHint') : undefined);
          case 'phone':
            return text(name, 'tel', 'tel', t('enquiry.optional'));
          case 'organisation':
            return text(name, 'text', 'organization');
          case 'jobTitle':
            return text(name, 'text', 'organization-title');
          case 'topic':
            return select(name, CONTACT_TOPICS, (v) => t(`enquiry.topics.${v}` as 'enquiry.topics.general'), values.topic);
          case 'organisationSize':
            return select(name, ORGANISATION_SIZES, (v) => t('enquiry.sizeOption', { size: v }), values.organisationSize);
          case 'regionCode':
            return select(name, REGION_CODES, (v) => `${getRegion(v as RegionCode).flag} ${getRegion(v as RegionCode).name}`, regionCode);
          case 'message':
            return (
              <Field key={name} label={t(`enquiry.${kind}.messageLabel`)} hint={t('enquiry.messageHint')} error={errors.message}>
                {({ id, describedBy, invalid }) => (
                  <textarea
                    ref={(el) => {
                      refs.current.message = el;
                    }}
                    id={id}
                    name="message"
                    rows={6}
                    required
                    value={values.message}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    onChange={(event) => update('message', event.target.value)}
                    className="w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-600"
                  />
                )}
              </Field>
            );
          default:
            return null;
        }
      })}
      {failure && !(failure instanceof ApiError && failure.code === 'request.invalid') ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problemMessage(i18n, failure)}
        </p>
      ) : null}
      <Button type="submit" size="lg" busy={send.isPending}>
        {send.isPending ? t('enquiry.sending') : t(`enquiry.${kind}.submit`)}
      </Button>
    </form>
  );
}
