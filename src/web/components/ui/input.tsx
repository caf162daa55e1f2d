import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';

export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return (
    <input
      className={clsx(
        'h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600 aria-invalid:border-red-600',
        className,
      )}
      {...props}
    />
  );
}
