import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';

export function QueryLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700">
      <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-teal-700 border-t-transparent motion-reduce:animate-none" />
      {label}
    </p>
  );
}

export function QueryError({ message, detail, onRetry }: { message: string; detail?: string; onRetry(): void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-medium">{message}</p>
      {detail ? <p className="mt-1 text-sm">{detail}</p> : null}
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {t('tenants.manage.retry')}
      </Button>
    </div>
  );
}
