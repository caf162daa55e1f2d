import type { ReactNode } from 'react';
import { DocumentTitle } from '~/web/components/layout/document-title';

export interface AuthCardProps {
  /** The page's <title> (without the product name, which DocumentTitle adds). */
  documentTitle: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: e.g. the link to the other of sign-in and sign-up. */
  footer?: ReactNode;
}

/** The centred card every auth screen is laid out in. */
export function AuthCard({ documentTitle, title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <DocumentTitle title={documentTitle} description={typeof subtitle === 'string' ? subtitle : undefined} />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-slate-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-slate-700">{footer}</div> : null}
    </div>
  );
}

/** A text link in the auth screens' teal accent, underlined so it does not rely on colour. */
export const AUTH_LINK_CLASS_NAME = 'font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900';
