import { clsx } from 'clsx';
import { AlertDialog } from 'radix-ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { buttonClassName } from '~/web/components/ui/button';
import { focusElement } from '~/web/lib/focus';

const DANGER_BUTTON_CLASS_NAME =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md bg-red-700 px-4 text-sm font-medium whitespace-nowrap text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-400';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  onConfirm(): void;
  /**
   * Where the focus goes once the dialog has closed, when the caller names a place (e.g. the
   * card the confirmed change updated, whose pressed button went with the change); else the
   * button that opened the dialog. Asked as the dialog closes: a focus moved while it was still
   * open would be taken back into it by its focus trap.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** A destructive action asks first: a Radix alert dialog with its title and description. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel, pending = false, onConfirm, returnFocus }: ConfirmDialogProps) {
  // The dialog is opened by its caller's state, not by a Radix trigger, so Radix does not know
  // what to focus again when it closes: the element focused when it opened (the button that asked).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    // Before the dialog's content mounts and takes the focus (a layout effect runs first).
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content
          className="fixed inset-0 z-50 m-auto h-fit w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            // Back to the button that opened it, if it is still on the page (a confirmed removal
            // may have taken it away: then the caller's own focus, or the page, as before).
            const target = opener.current;
            opener.current = null;
            const chosen = returnFocus?.();
            if (chosen?.isConnected) {
              event.preventDefault();
              focusElement(chosen);
              return;
            }
            if (target?.isConnected && !target.hasAttribute('disabled')) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClassName('outline')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              // Busy, not disabled, while the request runs (as Button's busy): a disabled button
              // would drop the keyboard focus to the page's body, outside the dialog it is still in.
              aria-disabled={pending || undefined}
              className={clsx(DANGER_BUTTON_CLASS_NAME, pending && 'cursor-progress opacity-75')}
              onClick={(event) => {
                // Stay open until the request has finished; the caller closes the dialog.
                event.preventDefault();
                if (pending) return;
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
