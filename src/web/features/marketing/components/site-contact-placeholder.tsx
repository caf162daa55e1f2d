import { useTranslation } from 'react-i18next';

/** The quiet loading state of the footer's contact block (also shown while its code loads). */
export function SiteContactPlaceholder() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="mt-6">
      <span className="sr-only">{t('footer.contact.loading')}</span>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-2 motion-reduce:animate-none">
        <div className="h-4 w-40 rounded bg-slate-700" />
        <div className="h-4 w-52 rounded bg-slate-700" />
        <div className="h-4 w-36 rounded bg-slate-700" />
      </div>
    </div>
  );
}
