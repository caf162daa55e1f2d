import { clsx } from 'clsx';

export const SIGN_IN_PATH = '/auth/login';
export const SIGN_UP_PATH = '/auth/register';

/** A link in the mobile menu (the header's own links and the account links alike). */
export function mobileNavLinkClassName({ isActive }: { isActive: boolean }): string {
  return clsx(
    'flex min-h-11 items-center rounded-md px-3 text-base font-medium',
    isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-800 hover:bg-slate-100',
  );
}
