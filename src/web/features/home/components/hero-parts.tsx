import { Info } from 'lucide-react';
import { type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';

/** The top matches while they load (and while their script loads). */
export function TopMatchesLoading() {
  const { t } = useTranslation('home');
  return (
    <p role="status" className="mt-3 text-sm text-slate-700">
      {t('hero.matching.loading')}
    </p>
  );
}

/** The button that opens 'How it works' (disabled while the dialog's script loads). */
export function HowItWorksTrigger(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('home');
  return (
    <Button variant="ghost" size="lg" className="text-teal-900 underline underline-offset-4" {...props}>
      <Info aria-hidden="true" className="size-5" />
      {t('hero.howItWorks')}
    </Button>
  );
}
