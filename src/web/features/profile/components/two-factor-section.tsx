import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '~/shared/contracts/profile';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { problemMessage } from '~/web/lib/problem-message';
import {
  disableTwoFactor,
  enableTwoFactor,
  generateBackupCodes,
  useSecurityMutation,
  verifyTotpEnrolment,
} from '../api/profile-api';
import { Field, type Outcome, OutcomeMessage, SettingsSection } from './settings-ui';

type Purpose = 'enable' | 'regenerate' | 'disable';
type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: Purpose }
  | { kind: 'scan'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; codes: string[] };
type SuccessKey = 'profile.twoFactor.regenerated' | 'profile.twoFactor.disabled' | 'profile.twoFactor.enabled';

const TOTP_CODE = /^\d{6}$/;
const BACKUP_CODES_FILE = 'tendwell-backup-codes.txt';

/** The key inside an otpauth:// URI, for people who type it instead of scanning. */
export function totpSecret(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** 'ABCDEFGH…' → 'ABCD EFGH …': easier to read and type; apps ignore the spaces. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Moves keyboard focus to the element when a step appears (no autoFocus attribute). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** Asks for the password before a two-factor change (re-authentication). */
function PasswordStep({ purpose, onDone, onCancel }: { purpose: Purpose; onDone(result: Step, message?: SuccessKey): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enable = useSecurityMutation(enableTwoFactor);
  const regenerate = useSecurityMutation(generateBackupCodes);
  const disable = useSecurityMutation(disableTwoFactor);
  const pending = enable.isPending || regenerate.isPending || disable.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      setError(t('profile.twoFactor.passwordRequired'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const onError = (failure: unknown) => {
      setError(problemMessage(i18n, failure));
      inputRef.current?.focus();
    };
    if (purpose === 'enable') {
      enable.mutate(password, { onSuccess: (r) => onDone({ kind: 'scan', totpURI: r.totpURI, backupCodes: r.backupCodes }), onError });
    } else if (purpose === 'regenerate') {
      regenerate.mutate(password, { onSuccess: (codes) => onDone({ kind: 'codes', codes }, 'profile.twoFactor.regenerated'), onError });
    } else {
      disable.mutate(password, { onSuccess: () => onDone({ kind: 'idle' }, 'profile.twoFactor.disabled'), onError });
    }
  }

  const submitLabel = purpose === 'disable' ? t('profile.twoFactor.turnOff') : t('profile.twoFactor.continue');
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-800">{t('profile.twoFactor.passwordPrompt')}</p>
      <Field label={t('profile.twoFactor.passwordLabel')} error={error}>
        {({ id, describedBy, invalid }) => (
          <Input
            ref={inputRef}
            id={id}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={pending}>
          {pending ? t('profile.twoFactor.working') : submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} busy={pending}>
          {t('profile.twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The QR code as an SVG image (qrcode loads only here; data: images are allowed by the CSP). */
function QrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then((QRCode) => QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => console.warn('QR code could not be drawn', error));
    return () => {
      cancelled = true;
    };
  }, [uri]);
  if (!src) {
    return (
      <div className="flex size-48 items-center justify-center rounded-lg border border-slate-200 bg-white text-center text-sm text-slate-700">
        {t('profile.twoFactor.qrLoading')}
      </div>
    );
  }
  return <img src={src} alt={t('profile.twoFactor.qrAlt')} width={192} height={192} className="size-48 rounded-lg border border-slate-200 bg-white" />;
}

/** Shows the QR code and the key, then completes enrolment with a code from the app. */
function ScanStep({ totpURI, onVerified, onCancel }: { totpURI: string; onVerified(): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useSecurityMutation(verifyTotpEnrolment);
  const secret = totpSecret(totpURI);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!TOTP_CODE.test(digits)) {
      setError(t('profile.twoFactor.codeInvalid'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    verify.mutate(digits, {
      onSuccess: onVerified,
      onError: (failure) => {
        setError(problemMessage(i18n, failure));
        inputRef.current?.focus();
      },
    });
  }

  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
        {t('profile.twoFactor.scanHeading')}
      </h3>
      <p className="text-sm text-slate-800">{t('profile.twoFactor.scanHelp')}</p>
      <div className="flex flex-wrap items-start gap-6">
        <QrCode uri={totpURI} />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm text-slate-800">{t('profile.twoFactor.secretLabel')}</p>
          <p dir="ltr" className="font-mono text-base tracking-wide break-all text-slate-900" data-testid="totp-secret">
            {groupSecret(secret)}
          </p>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="max-w-xs space-y-4">
        <Field label={t('profile.twoFactor.codeLabel')} error={error}>
          {({ id, describedBy, invalid }) => (
            <Input
              ref={inputRef}
              id={id}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              dir="ltr"
              required
              value={code}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={verify.isPending}>
            {verify.isPending ? t('profile.twoFactor.working') : t('profile.twoFactor.verify')}
          </Button>
          <Button variant="outline" onClick={onCancel} busy={verify.isPending}>
            {t('profile.twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The backup codes, shown once: copy, download, done. */
function CodesStep({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const [copyOutcome, setCopyOutcome] = useState<Outcome>(null);
  const text = codes.join('\n') + '\n';

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopyOutcome({ tone: 'success', message: (i) => i.t('profile.twoFactor.copied') });
    } catch {
      setCopyOutcome({ tone: 'error', message: (i) => i.t('profile.twoFactor.copyFailed') });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_CODES_FILE;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
        {t('profile.twoFactor.codesHeading')}
      </h3>
      <p className="text-sm text-slate-800">{t('profile.twoFactor.codesHelp')}</p>
      <ol dir="ltr" aria-label={t('profile.twoFactor.codesHeading')} className="grid max-w-md grid-cols-2 gap-2 font-mono text-base text-slate-900">
        {codes.map((backupCode) => (
          <li key={backupCode} className="rounded border border-amber-200 bg-white px-3 py-1.5">
            {backupCode}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          {t('profile.twoFactor.copy')}
        </Button>
        <Button variant="outline" onClick={download}>
          {t('profile.twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('profile.twoFactor.done')}</Button>
      </div>
      <OutcomeMessage outcome={copyOutcome} />
    </div>
  );
}

/**
 * Two-factor authentication (better-auth's TOTP): turn on with the password, a QR code and a code
 * from the app, then the backup codes once; when on, regenerate the codes or turn it off, each with
 * the password. Every change refreshes the session, which carries twoFactorEnabled.
 */
export function TwoFactorSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const enabled = profile.twoFactorEnabled;

  function finish(next: Step, message?: SuccessKey) {
    setStep(next);
    if (message) setOutcome({ tone: 'success', message: (i) => i.t(message) });
    if (next.kind === 'idle') requestAnimationFrame(() => statusRef.current?.focus());
  }

  function start(purpose: Purpose) {
    setOutcome(null);
    setStep({ kind: 'password', purpose });
  }

  const cancel = () => finish({ kind: 'idle' });

  return (
    <SettingsSection title={t('profile.twoFactor.heading')} description={t('profile.twoFactor.description')}>
      <div className="space-y-4">
        <p ref={statusRef} tabIndex={-1} className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <span aria-hidden="true" className={enabled ? 'size-2.5 rounded-full bg-emerald-600' : 'size-2.5 rounded-full bg-slate-400'} />
          {enabled ? t('profile.twoFactor.isOn') : t('profile.twoFactor.isOff')}
        </p>
        {step.kind === 'idle' ? (
          <div className="flex flex-wrap gap-2">
            {enabled ? (
              <>
                <Button variant="outline" onClick={() => start('regenerate')}>
                  {t('profile.twoFactor.regenerate')}
                </Button>
                <Button variant="outline" onClick={() => start('disable')}>
                  {t('profile.twoFactor.turnOff')}
                </Button>
              </>
            ) : (
              <Button onClick={() => start('enable')}>{t('profile.twoFactor.turnOn')}</Button>
            )}
          </div>
        ) : null}
        {step.kind === 'password' ? <PasswordStep purpose={step.purpose} onDone={finish} onCancel={cancel} /> : null}
        {step.kind === 'scan' ? (
          <ScanStep
            totpURI={step.totpURI}
            onCancel={cancel}
            onVerified={() => finish({ kind: 'codes', codes: step.backupCodes }, 'profile.twoFactor.enabled')}
          />
        ) : null}
        {step.kind === 'codes' ? <CodesStep codes={step.codes} onDone={cancel} /> : null}
        <OutcomeMessage outcome={outcome} />
      </div>
    </SettingsSection>
  );
}
