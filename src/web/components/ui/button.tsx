import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useHydrated } from '~/web/lib/use-hydrated';

const VARIANTS = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  /** For dark surfaces such as the footer. */
  inverse: 'bg-teal-300 text-slate-950 hover:bg-teal-200',
} as const;

/** How a variant looks when it is disabled for a reason the person can see (not while hydrating). */
const DISABLED_LOOK: Record<keyof typeof VARIANTS, string> = {
  primary: 'disabled:cursor-not-allowed disabled:bg-slate-400',
  // Greyed, so a disabled "Earlier times" is told apart from the enabled "Later times" beside it.
  outline: 'disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-500 disabled:hover:bg-slate-50',
  ghost: 'disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent',
  inverse: 'disabled:cursor-not-allowed disabled:bg-slate-400',
};

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string, disabledLook = true): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    VARIANTS[variant],
    disabledLook && DISABLED_LOOK[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Working on what it started (a save in flight): it says so (aria-disabled) and ignores clicks
   * and submits, but stays focusable, so the focus does not fall to the page's body as it would
   * from a disabled button (WCAG 2.4.3).
   */
  busy?: boolean;
}

/**
 * A button; disabled until the page has hydrated (see useHydrated), since it needs JavaScript.
 * While hydrating it keeps its enabled colours: the page does not flash grey, and the switch to
 * enabled changes no colour (a colour transition then would be judged halfway by a contrast check,
 * and seen as a flicker by a person).
 */
export function Button({ variant, size, className, type, disabled, busy, onClick, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type ?? 'button'}
      className={buttonClassName(variant, size, clsx(className, busy && 'cursor-progress opacity-75'), disabled === true || hydrated)}
      disabled={disabled === true || !hydrated}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) {
          // A submit button's click would submit its form again.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    />
  );
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName(variant, size, typeof className === 'string' ? className : undefined)} {...props} />;
}
