import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/web/components/ui/button';

const DANGER_CLASS_NAME =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md bg-red-700 px-4 text-sm font-medium whitespace-nowrap text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-400';

/** Disabling signs a person out everywhere: a Radix alert dialog asks first. */
export function ConfirmDisableDialog({
  name,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content className="fixed inset-0 z-50 m-auto h-fit w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{t('adminUsers.confirmDisableTitle', { name })}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{t('adminUsers.confirmDisableBody')}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClassName('outline')}>{t('adminUsers.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action
              disabled={pending}
              className={DANGER_CLASS_NAME}
              onClick={(event) => {
                // Stays open until the request has finished; the page closes it.
                event.preventDefault();
                onConfirm();
              }}
            >
              {t('adminUsers.confirmDisable')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
