import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthChecking } from '~/web/components/auth/require-auth';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { useAuth } from '~/web/lib/session';
import { REGISTER_PATH } from '../lib/paths';
import { AUTH_LINK_CLASS_NAME, AuthCard } from './auth-card';
import { DemoAccounts } from './demo-accounts';
import { SignInForm } from './sign-in-form';
import { TwoFactorStep } from './two-factor-form';
import { useAfterSignIn } from './use-after-sign-in';

const TAB_TRIGGER_CLASS_NAME =
  'inline-flex h-10 flex-1 items-center justify-center rounded-md px-3 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-teal-900 data-[state=active]:shadow-sm';

export interface LoginPageProps {
  /** The server runs in demo mode (GET /api/v1/site): offer the Demo Accounts tab. */
  demoMode: boolean;
}

/** /auth/login (spec §2 Login page). */
export function LoginPage({ demoMode }: LoginPageProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const completeSignIn = useAfterSignIn(auth.status);
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');

  // While the session is checked, and while a signed-in person is sent on.
  if (auth.status !== 'anonymous') {
    return (
      <>
        <DocumentTitle title={t('login.documentTitle')} />
        <AuthChecking />
      </>
    );
  }

  const footer = (
    <p>
      {t('login.noAccount')}{' '}
      <Link to={REGISTER_PATH} className={AUTH_LINK_CLASS_NAME}>
        {t('login.signUpLink')}
      </Link>
    </p>
  );

  if (step === 'two-factor') {
    return (
      <AuthCard documentTitle={t('twoFactor.title')} title={t('twoFactor.title')} footer={footer}>
        <TwoFactorStep onAuthenticated={() => completeSignIn()} onCancel={() => setStep('credentials')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard documentTitle={t('login.documentTitle')} title={t('login.title')} subtitle={t('login.subtitle')} footer={footer}>
      <Tabs.Root defaultValue="sign-in">
        <Tabs.List aria-label={t('login.tabsLabel')} className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="sign-in" className={TAB_TRIGGER_CLASS_NAME}>
            {t('login.tabs.signIn')}
          </Tabs.Trigger>
          {demoMode ? (
            <Tabs.Trigger value="demo" className={TAB_TRIGGER_CLASS_NAME}>
              {t('login.tabs.demo')}
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="sign-in">
          <SignInForm onAuthenticated={() => completeSignIn()} onTwoFactor={() => setStep('two-factor')} />
        </Tabs.Content>
        {demoMode ? (
          <Tabs.Content value="demo">
            <DemoAccounts onAuthenticated={(landingPath) => completeSignIn(landingPath)} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </AuthCard>
  );
}
