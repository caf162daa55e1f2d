import { clsx } from 'clsx';
import { PRODUCT_NAME } from '~/shared/product';

/** The Tendwell mark (the same drawing as /favicon.svg). Decorative: pair it with the name. */
export function TendwellMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={clsx('shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path
        fill="#fff"
        d="M16 25C9.8 21 7 17.4 7 13.5 7 10.7 9.1 8.5 11.8 8.5c1.8 0 3.3.9 4.2 2.4.9-1.5 2.4-2.4 4.2-2.4 2.7 0 4.8 2.2 4.8 5 0 3.9-2.8 7.5-9 11.5z"
      />
      <path fill="#0f766e" d="M15.1 12.2h1.8v2.6h2.6v1.8h-2.6v2.6h-1.8v-2.6h-2.6v-1.8h2.6z" />
    </svg>
  );
}

/** Mark plus product name, as the header and footer show it. */
export function TendwellLogo({ className }: { className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 text-xl font-bold tracking-tight', className)}>
      <TendwellMark className="size-8" />
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
