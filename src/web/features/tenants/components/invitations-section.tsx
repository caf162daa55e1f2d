import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreateInvitationRequestSchema, type Invitation } from '~/shared/contracts/tenants';
import { INVITABLE_MEMBERSHIP_ROLES, type InvitableMembershipRole, type MembershipRole } from '~/shared/roles';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { useInvitations, useInvite, useResendInvitation, useRevokeInvitation } from '../api/tenants';
import { useTenantErrorMessage } from '../lib/error-message';
import { formatDate } from '../lib/format';
import { Field } from '~/web/components/ui/field';
import { QueryError, QueryLoading } from './query-state';
import { useFormatLocale } from '~/web/lib/format-locale';

/** Invite by email and role; pending invitations with resend and revoke (tenant.members.manage). */
export function InvitationsSection({
  tenantId,
  headingId,
  actorRole,
  timeZone,
}: {
  tenantId: string;
  headingId: string;
  actorRole: MembershipRole;
  timeZone: string;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useFormatLocale();
  const errorMessage = useTenantErrorMessage();
  const id = useId();
  const ids = {
    email: `${id}-email`,
    role: `${id}-role`,
    pending: `${id}-pending`,
    invite: `${id}-invite`,
  };
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableMembershipRole>('member');
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const invitations = useInvitations(tenantId, true);
  const invite = useInvite(tenantId);
  const resend = useResendInvitation(tenantId);
  const revoke = useRevokeInvitation(tenantId);
  // Admin invitations are for owners to send (the server enforces the same rule).
  const roles = INVITABLE_MEMBERSHIP_ROLES.filter((r) => actorRole === 'owner' || r !== 'admin');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const parsed = CreateInvitationRequestSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(t('tenants.invitations.emailInvalid'));
      emailRef.current?.focus();
      return;
    }
    setEmailError(null);
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        setEmail('');
        if (result.emailSent) toast.success(t('tenants.invitations.sent', { email: result.invitation.email }));
        else toast.warning(t('tenants.invitations.sentNoEmail'));
      },
      onError: (error) => {
        const message = errorMessage(error);
        setEmailError(message);
        toast.error(t('tenants.invitations.failed'), { description: message });
        emailRef.current?.focus();
      },
    });
  }

  function onResend(invitation: Invitation) {
    resend.mutate(invitation.id, {
      onSuccess: (result) => {
        if (result.emailSent) toast.success(t('tenants.invitations.resent', { email: invitation.email }));
        else toast.warning(t('tenants.invitations.sentNoEmail'));
      },
      onError: (error) =>
        toast.error(t('tenants.invitations.resendFailed'), {
          description: errorMessage(error),
        }),
    });
  }

  function onRevoke(invitation: Invitation) {
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(t('tenants.invitations.revoked', { email: invitation.email })),
      onError: (error) =>
        toast.error(t('tenants.invitations.revokeFailed'), {
          description: errorMessage(error),
        }),
    });
  }

  const list = invitations.data?.invitations;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('tenants.invitations.title')}
      </h2>

      <h3 id={ids.invite} className="mt-4 text-base font-semibold text-slate-900">
        {t('tenants.invitations.inviteTitle')}
      </h3>
      <form noValidate aria-labelledby={ids.invite} onSubmit={onSubmit} className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="sm:flex-1">
          <Field label={t('tenants.invitations.email')} error={emailError}>
            {(field) => (
              <Input
                ref={emailRef}
                id={field.id}
                type="email"
                name="email"
                dir="ltr"
                autoComplete="off"
                inputMode="email"
                required
                value={email}
                aria-invalid={field.invalid}
                aria-describedby={field.describedBy}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (emailError) setEmailError(null);
                }}
              />
            )}
          </Field>
        </div>
        <Field label={t('tenants.invitations.role')}>
          {(field) => (
            <select
              id={field.id}
              name="role"
              value={role}
              onChange={(event) => setRole(event.target.value as InvitableMembershipRole)}
              className="h-10 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900"
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`tenants.roles.${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" className="sm:mt-7" busy={invite.isPending}>
          {invite.isPending ? t('tenants.invitations.sending') : t('tenants.invitations.send')}
        </Button>
      </form>

      <h3 id={ids.pending} className="mt-6 text-base font-semibold text-slate-900">
        {t('tenants.invitations.pendingTitle')}
      </h3>
      <div className="mt-2">
        {invitations.isPending ? (
          <QueryLoading label={t('tenants.invitations.loading')} />
        ) : invitations.isError ? (
          <QueryError message={t('tenants.invitations.loadFailed')} detail={errorMessage(invitations.error)} onRetry={() => void invitations.refetch()} />
        ) : !list || list.length === 0 ? (
          <p className="text-slate-700">{t('tenants.invitations.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table aria-labelledby={ids.pending} className="w-full min-w-[36rem] text-sm">
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('tenants.invitations.email')}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('tenants.invitations.role')}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('tenants.invitations.expires')}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('tenants.invitations.invitedBy')}
                  </th>
                  <th scope="col" className="py-2 text-start font-medium">
                    {t('tenants.invitations.manage')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((invitation) => (
                  <tr key={invitation.id} className="border-b border-slate-200">
                    <th scope="row" className="py-3 pe-4 text-start font-medium text-slate-900">
                      <span dir="ltr">{invitation.email}</span>
                    </th>
                    <td className="py-3 pe-4 text-slate-800">{t(`tenants.roles.${invitation.role}`)}</td>
                    <td className="py-3 pe-4 text-slate-800">
                      <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt, locale, timeZone)}</time>
                    </td>
                    <td className="py-3 pe-4 text-slate-800">{invitation.invitedBy?.name ?? '—'}</td>
                    <td className="py-3">
                      <div className="flex gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          busy={resend.isPending}
                          aria-label={t('tenants.invitations.resendLabel', {
                            email: invitation.email,
                          })}
                          onClick={() => onResend(invitation)}
                        >
                          {t('tenants.invitations.resend')}
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          busy={revoke.isPending}
                          aria-label={t('tenants.invitations.revokeLabel', {
                            email: invitation.email,
                          })}
                          onClick={() => onRevoke(invitation)}
                        >
                          {t('tenants.invitations.revoke')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
