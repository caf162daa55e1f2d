import type { ReactNode } from 'react';
import type { ButtonSize, ButtonVariant } from '~/web/components/ui/button';
import { ButtonLink } from '~/web/components/ui/button';

export interface CtaLinkProps {
  to: string;
  /** Home page section, reported with the click (spec §7 call-to-action click: type, text, section). */
  section: string;
  /** What kind of action it is (signup, booking, demo, learn-more…). */
  ctaType: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  newTab?: boolean;
  children: ReactNode;
}

/** A call to action on the home page: a link styled as a button. */
export function CtaLink({ to, section, ctaType, variant, size, className, newTab, children }: CtaLinkProps) {
  return (
    <ButtonLink
      to={to}
      variant={variant}
      size={size}
      className={className}
      data-cta-section={section}
      data-cta-type={ctaType}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </ButtonLink>
  );
}
