import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';
import { HowItWorksTrigger } from './hero-parts';

interface Step {
  title: string;
  text: string;
}

/**
 * The hero's 'How it works' dialog (spec §2). Loaded on its own (hero.tsx imports it lazily), so
 * Radix's dialog, focus trap and scroll lock are not among the home page's first scripts; the
 * server renders its trigger in place.
 */
export default function HowItWorksDialog() {
  const { t } = useTranslation('home');
  const items: unknown = t('steps.items', { returnObjects: true });
  const steps = Array.isArray(items) ? (items as Step[]) : [];
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <HowItWorksTrigger />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(92vw,36rem)] -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <Dialog.Title className="text-xl font-semibold text-slate-900">{t('hero.howItWorksTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-700">{t('hero.howItWorksDescription')}</Dialog.Description>
          <ol className="mt-5 space-y-4">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white">
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{step.title}</p>
                  <p className="text-slate-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="outline">{t('hero.close')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
