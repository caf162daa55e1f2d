import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-client';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { loadNewsletterContract, useNewsletterSubscription } from '../api/newsletter';

/** What the field shows under it: nothing, the validation message, or the server's refusal. */
type FieldError = { kind: 'invalid-email' } | { kind: 'request-failed'; error: unknown } | null;

function isInvalidEmailProblem(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'request.invalid' && error.fieldErrors().has('email');
}

export function NewsletterForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // A second submit while the contract loads (before the mutation is pending) is ignored too.
  const checking = useRef(false);
  const subscription = useNewsletterSubscription();
  const ids = { heading: useId(), description: useId(), input: useId(), error: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subscription.isPending || checking.current) return;
    // Usually here already: it starts loading when the field is focused.
    let contract: Awaited<ReturnType<typeof loadNewsletterContract>>;
    checking.current = true;
    try {
      contract = await loadNewsletterContract();
    } catch (error) {
      setFieldError({ kind: 'request-failed', error });
      return;
    } finally {
      checking.current = false;
    }
    const request = contract.NewsletterSubscribeRequestSchema.safeParse({
      email,
      language: currentLanguage(i18n.resolvedLanguage),
    });
    if (!request.success) {
      setFieldError({ kind: 'invalid-email' });
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    subscription.mutate(request.data, {
      onSuccess: () => {
        setEmail('');
        toast.success(t('newsletter.success'), { description: t('newsletter.successDescription') });
      },
      onError: (error) => {
        setFieldError(isInvalidEmailProblem(error) ? { kind: 'invalid-email' } : { kind: 'request-failed', error });
        toast.error(t('newsletter.failed'), { description: problemMessage(i18n, error) });
        inputRef.current?.focus();
      },
    });
  }

  const errorText =
    fieldError === null
      ? null
      : fieldError.kind === 'invalid-email'
        ? t('newsletter.invalidEmail')
        : problemMessage(i18n, fieldError.error);

  return (
    <section
      aria-labelledby={ids.heading}
      className="grid gap-6 rounded-xl bg-slate-800 p-6 sm:p-8 lg:grid-cols-2 lg:items-center"
    >
      <div>
        <h2 id={ids.heading} className="text-xl font-semibold text-white">
          {t('newsletter.heading')}
        </h2>
        <p id={ids.description} className="mt-2 text-sm text-slate-300">
          {t('newsletter.description')}
        </p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={ids.description}>
        <label htmlFor={ids.input} className="block text-sm font-medium text-white">
          {t('newsletter.emailLabel')}
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <Input
            ref={inputRef}
            id={ids.input}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            required
            value={email}
            onFocus={() => void loadNewsletterContract().catch(() => undefined)}
            onChange={(event) => {
              setEmail(event.target.value);
              if (fieldError) setFieldError(null);
            }}
            aria-invalid={fieldError !== null}
            aria-describedby={errorText === null ? undefined : ids.error}
            className="sm:flex-1"
          />
          <Button type="submit" variant="inverse" busy={subscription.isPending}>
            {subscription.isPending ? t('newsletter.subscribing') : t('newsletter.subscribe')}
          </Button>
        </div>
        <p id={ids.error} role="alert" className="mt-2 min-h-5 text-sm text-red-300">
          {errorText}
        </p>
      </form>
    </section>
  );
}
