import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { PlanType } from '~/shared/roles';

/**
 * Spec §9 plan badge colours: starter grey, professional blue, enterprise purple, white_label gold.
 * Dark text on a light tint keeps the contrast above 7:1, and the plan's name is always written
 * out, so the colour is never the only cue.
 */
export const PLAN_BADGE_CLASS_NAMES: Record<PlanType, string> = {
  starter: 'bg-slate-100 text-slate-800 ring-slate-400',
  professional: 'bg-blue-100 text-blue-900 ring-blue-400',
  enterprise: 'bg-purple-100 text-purple-900 ring-purple-400',
  white_label: 'bg-amber-100 text-amber-900 ring-amber-500',
};

export function PlanBadge({ plan }: { plan: PlanType }) {
  const { t } = useTranslation('dashboard');
  return (
    <span
      data-plan={plan}
      className={clsx('inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset', PLAN_BADGE_CLASS_NAMES[plan])}
    >
      {t(`tenants.plans.${plan}`)}
    </span>
  );
}
