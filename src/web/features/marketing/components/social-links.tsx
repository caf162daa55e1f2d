import { AtSign, BriefcaseBusiness, Camera, CirclePlay, type LucideIcon, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SocialLink } from '~/shared/contracts/site';
import { PRODUCT_NAME } from '~/shared/product';
import { useSiteInfo } from '../api/site';

type Network = SocialLink['network'];

/** Networks' own names (proper nouns, not translated) and a generic decorative icon for each. */
export const SOCIAL_NETWORKS: Record<Network, { name: string; icon: LucideIcon }> = {
  linkedin: { name: 'LinkedIn', icon: BriefcaseBusiness },
  x: { name: 'X', icon: AtSign },
  facebook: { name: 'Facebook', icon: ThumbsUp },
  instagram: { name: 'Instagram', icon: Camera },
  youtube: { name: 'YouTube', icon: CirclePlay },
};

/** Social links from GET /api/v1/site; nothing while loading or on error. */
export function SocialLinks() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  if (!site.isSuccess || site.data.social.length === 0) return null;

  return (
    <ul aria-label={t('footer.social.heading')} className="flex flex-wrap items-center gap-2">
      {site.data.social.map((link) => {
        const network = SOCIAL_NETWORKS[link.network];
        const Icon = network.icon;
        return (
          <li key={link.url}>
            <a
              href={link.url}
              rel="noopener noreferrer"
              target="_blank"
              aria-label={t('footer.social.link', { product: PRODUCT_NAME, network: network.name })}
              className="inline-flex min-h-10 items-center gap-2 rounded-full border border-slate-700 px-3 text-sm hover:border-slate-400 hover:text-white"
            >
              <Icon aria-hidden="true" className="size-4" />
              <span>{network.name}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
