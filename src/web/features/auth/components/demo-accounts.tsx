import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Role } from '~/shared/roles';
import { problemMessage } from '~/web/lib/problem-message';
import { demoSignIn } from '../api/auth-api';
import { DEMO_TAB_ROLES } from '../lib/demo-roles';
import { classifySignInError } from '../lib/sign-in-result';

// Like the outline button, but labels may wrap (long role names in some languages).
const DEMO_BUTTON_CLASS_NAME =
  'inline-flex min-h-12 w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-start text-base font-medium text-slate-900 transition-colors hover:bg-slate-100 aria-disabled:cursor-progress aria-disabled:opacity-70';

export interface DemoAccountsProps {
  /** Refreshes the session and then sends the person to `landingPath`; false when no session came of it. */
  onAuthenticated(landingPath: string): Promise<boolean>;
}

/** The Demo Accounts tab: one button per role, each signing in as that role's demo account. */
export function DemoAccounts({ onAuthenticated }: DemoAccountsProps) {
  const { t, i18n } = useTranslation('auth');
  const [pendingRole, setPendingRole] = useState<Role | null>(null);

  async function signInAs(role: Role) {
    if (pendingRole) return;
    setPendingRole(role);
    let leaving = false;
    try {
      const answer = await demoSignIn(role);
      toast.success(t('demo.successTitle'), { description: t('demo.successDesc', { name: answer.user.name }) });
      leaving = await onAuthenticated(answer.landingPath);
      if (!leaving) toast.error(t('login.issueTitle'), { description: t('login.issueDesc') });
    } catch (error) {
      toast.error(t('demo.failedTitle'), {
        description: classifySignInError(error) === 'exception' ? t('login.failedDesc') : problemMessage(i18n, error),
      });
    } finally {
      if (!leaving) setPendingRole(null);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('demo.intro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {DEMO_TAB_ROLES.map((role) => (
          <li key={role}>
            <button
              type="button"
              // Busy, not disabled, while one signs in (signInAs ignores another press): a disabled
              // button would drop the keyboard focus to the page's body.
              aria-disabled={pendingRole !== null || undefined}
              aria-busy={pendingRole === role || undefined}
              onClick={() => void signInAs(role)}
              className={DEMO_BUTTON_CLASS_NAME}
            >
              {pendingRole === role ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
              {t(`demo.roles.${role}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
