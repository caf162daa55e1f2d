import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  success: { box: 'border-emerald-300 bg-emerald-50', icon: CircleCheck, iconClass: 'text-emerald-800' },
  warning: { box: 'border-amber-300 bg-amber-50', icon: MailWarning, iconClass: 'text-amber-900' },
  error: { box: 'border-red-300 bg-red-50', icon: CircleAlert, iconClass: 'text-red-800' },
} as const;

export interface NoticeProps {
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  /** 'status' for news that should be announced politely, 'alert' for a problem. */
  role?: 'status' | 'alert';
  className?: string;
}

/** A boxed message inside an auth card (confirmation, verification required, bad link). */
export function Notice({ tone, title, children, role, className }: NoticeProps) {
  const { box, icon: Icon, iconClass } = TONES[tone];
  return (
    <div role={role} className={clsx('flex gap-3 rounded-lg border p-4', box, className)}>
      <Icon aria-hidden="true" className={clsx('mt-0.5 size-5 shrink-0', iconClass)} />
      <div className="min-w-0 flex-1 text-sm text-slate-800">
        <p className="font-semibold text-slate-900">{title}</p>
        {children ? <div className="mt-1 space-y-3">{children}</div> : null}
      </div>
    </div>
  );
}
