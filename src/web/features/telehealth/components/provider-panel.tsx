import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { GUEST_ROLES, type GuestRole, InviteGuestSchema, VISIT_MAX_GUESTS, type Visit } from '~/shared/contracts/telehealth';
import { Button } from '~/web/components/ui/button';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-error';
import { formatTime } from '~/web/lib/dates';
import { useAdmit, useEndVisit, useInviteGuest } from '../api/telehealth-api';
import { SELECT_CLASS_NAME, useTelehealthError } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

/**
 * Who waits to be let in, each with an Admit button. The button of someone let in goes away with
 * them: the keyboard moves on to the next person's Admit button, or to the heading when nobody
 * else waits.
 */
export function WaitingList({ visit, zone }: { visit: Visit; zone: string }) {
  const { t } = useTranslation('telehealth');
  const locale = useFormatLocale();
  const admit = useAdmit(visit.appointmentId);
  const errorMessage = useTelehealthError();
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** The person being let in, until they are off the list. */
  const letIn = useRef<string | null>(null);
  const waiting = visit.participants.filter((p) => p.state === 'waiting' && p.userId);
  const waitingIds = waiting.map((p) => p.userId).join(' ');
  useEffect(() => {
    if (letIn.current === null || waitingIds.split(' ').includes(letIn.current)) return;
    letIn.current = null;
    // Only when the keyboard was on the list (or lost with the button), not if it went elsewhere meanwhile.
    const active = document.activeElement;
    if (active && active !== document.body && !section.current?.contains(active)) return;
    (list.current?.querySelector<HTMLButtonElement>('button:not([disabled])') ?? heading.current)?.focus();
  }, [waitingIds]);
  return (
    <section ref={section} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {t('provider.waitingTitle')}
      </h2>
      {waiting.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t('provider.nobodyWaiting')}</p>
      ) : (
        <ul ref={list} className="mt-2 space-y-2">
          {waiting.map((p) => (
            <li key={p.userId} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-slate-900">
                <bdi className="font-medium">{p.name}</bdi> · {t(`roles.${p.role}`)}
                {p.waitingSince ? <span className="block text-sm text-slate-700">{t('provider.waitingSince', { time: formatTime(p.waitingSince, locale, zone) })}</span> : null}
              </span>
              <Button
                size="sm"
                busy={admit.isPending}
                onClick={() => {
                  setError(null);
                  letIn.current = p.userId;
                  admit.mutate(p.userId ?? '', {
                    onSuccess: () => toast.success(t('provider.admitted', { name: p.name })),
                    onError: (e) => {
                      letIn.current = null;
                      setError(errorMessage(e));
                    },
                  });
                }}
              >
                {t('provider.admit')}
                <span className="sr-only">: {p.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Invite a carer or interpreter by email; errors are shown beside their fields. */
export function InviteForm({ visit }: { visit: Visit }) {
  const { t } = useTranslation('telehealth');
  const invite = useInviteGuest(visit.appointmentId);
  const errorMessage = useTelehealthError();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GuestRole | ''>('');
  const [errors, setErrors] = useState<{ email?: string; role?: string; form?: string }>({});
  const headingId = useId();
  const guests = visit.participants.filter((p) => p.role === 'carer' || p.role === 'interpreter');
  const full = guests.length >= VISIT_MAX_GUESTS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Sending already (Enter again in the field): one invitation.
    if (invite.isPending) return;
    const parsed = InviteGuestSchema.safeParse({ email, role: role || undefined });
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        ...(paths.has('email') ? { email: email.trim() ? t('invite.emailInvalid') : t('invite.emailRequired') } : {}),
        ...(paths.has('role') ? { role: t('invite.roleRequired') } : {}),
      });
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(parsed.data);
      toast.success(t('invite.sent', { email: parsed.data.email }));
      setEmail('');
      setRole('');
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors() : new Map<string, string>();
      if (fields.has('email') || fields.has('/email')) setErrors({ email: t('invite.emailInvalid') });
      else if (fields.has('role') || fields.has('/role')) setErrors({ role: t('invite.roleRequired') });
      else setErrors({ form: errorMessage(error) });
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('invite.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('invite.intro')}</p>
      {guests.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-900">
          {guests.map((g, i) => (
            <li key={g.userId ?? g.email ?? i}>
              <bdi>{g.name || g.email}</bdi> · {t(`roles.${g.role}`)} · {t(`states.${g.state}`)}
              {g.state === 'admitted' && !g.present ? ` · ${t('provider.gone')}` : null}
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="mt-2 text-sm text-slate-700">{t('invite.full', { max: String(VISIT_MAX_GUESTS) })}</p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-3">
          <Field label={t('invite.email')} error={errors.email}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} type="email" autoComplete="off" aria-describedby={describedBy} aria-invalid={invalid} value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
            )}
          </Field>
          <Field label={t('invite.role')} error={errors.role}>
            {({ id, describedBy, invalid }) => (
              <select id={id} aria-describedby={describedBy} aria-invalid={invalid} className={SELECT_CLASS_NAME} value={role} onChange={(e) => setRole(e.target.value as GuestRole | '')}>
                <option value="">{t('invite.chooseRole')}</option>
                {GUEST_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`roles.${r}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.form}
            </p>
          ) : null}
          {/* Busy, not disabled: the keyboard stays on the button (and the form) while it sends. */}
          <Button type="submit" size="sm" busy={invite.isPending}>
            {invite.isPending ? t('invite.sending') : t('invite.send')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** End the visit, or end it and mark the appointment completed; each asks first. */
/**
 * Ending or completing a visit after asking (the call's buttons and the ended page's): which one
 * the dialog asks about, the answer's error, and `confirm`, which does it and says so.
 */
export function useConfirmedEnd(appointmentId: string) {
  const { t } = useTranslation('telehealth');
  const end = useEndVisit(appointmentId);
  const errorMessage = useTelehealthError();
  const [asking, setAsking] = useState<'end' | 'complete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  function confirm(onDone?: () => void) {
    const complete = asking === 'complete';
    setError(null);
    // On an ended visit the server only completes the appointment (the end stays).
    end.mutate(complete, {
      onSuccess: () => {
        onDone?.();
        setAsking(null);
        toast.success(complete ? t('end.completedDone') : t('end.endedDone'));
      },
      onError: (e) => {
        setAsking(null);
        setError(errorMessage(e));
      },
    });
  }
  return { asking, setAsking, error, confirm, pending: end.isPending };
}

/** An answer's error under a row of buttons. */
export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="w-full text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

export function EndVisit({ visit }: { visit: Visit }) {
  const { t } = useTranslation('telehealth');
  const { asking, setAsking, error, confirm, pending } = useConfirmedEnd(visit.appointmentId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" onClick={() => setAsking('end')}>
        {t('end.end')}
      </Button>
      {visit.canComplete ? <Button onClick={() => setAsking('complete')}>{t('end.complete')}</Button> : null}
      <ErrorLine error={error} />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking === 'complete' ? t('end.completeTitle') : t('end.endTitle')}
        description={asking === 'complete' ? t('end.completeBody', { patient: visit.patientName }) : t('end.endBody')}
        confirmLabel={asking === 'complete' ? t('end.completeConfirm') : t('end.endConfirm')}
        cancelLabel={t('end.cancel')}
        pending={pending}
        onConfirm={() => confirm()}
      />
    </div>
  );
}
