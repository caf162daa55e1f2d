import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { useConfirmSubscription, useUnsubscribe } from '../api/newsletter-links';

function Outcome({ ok, title, text }: { ok: boolean; title: string; text: string }) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <div role={ok ? 'status' : 'alert'} className="mt-6 flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <Icon aria-hidden="true" className={ok ? 'size-6 shrink-0 text-emerald-700' : 'size-6 shrink-0 text-red-700'} />
      <div>
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-slate-700">{text}</p>
      </div>
    </div>
  );
}

/** /newsletter/confirm?token=…: confirms on arrival (the link is single use), then says how it went. */
export function NewsletterConfirmPage() {
  const { t } = useTranslation('forms');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmSubscription();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6">
      <DocumentTitle title={t('newsletter.confirm.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('newsletter.confirm.title')}</h1>
      {confirm.isSuccess ? (
        <Outcome ok title={t('newsletter.confirm.confirmed')} text={t('newsletter.confirm.confirmedText')} />
      ) : confirm.isError ? (
        <Outcome ok={false} title={t('newsletter.confirm.invalid')} text={t('newsletter.confirm.invalidText')} />
      ) : (
        <p role="status" className="mt-6 text-slate-700">
          {t('newsletter.confirm.confirming')}
        </p>
      )}
      <ButtonLink to="/" variant="outline" className="mt-8">
        {t('newsletter.confirm.home')}
      </ButtonLink>
    </div>
  );
}

/** /newsletter/unsubscribe?token=…: a button, so that mail scanners following links unsubscribe nobody. */
export function NewsletterUnsubscribePage() {
  const { t } = useTranslation('forms');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6">
      <DocumentTitle title={t('newsletter.unsubscribe.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('newsletter.unsubscribe.title')}</h1>
      {unsubscribe.isSuccess ? (
        <Outcome ok title={t('newsletter.unsubscribe.done')} text={t('newsletter.unsubscribe.doneText')} />
      ) : unsubscribe.isError ? (
        <Outcome ok={false} title={t('newsletter.unsubscribe.invalid')} text={t('newsletter.unsubscribe.invalidText')} />
      ) : (
        <>
          <p className="mt-4 text-slate-700">{t('newsletter.unsubscribe.text')}</p>
          <Button className="mt-6" busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            {unsubscribe.isPending ? t('newsletter.unsubscribe.working') : t('newsletter.unsubscribe.button')}
          </Button>
        </>
      )}
    </div>
  );
}
