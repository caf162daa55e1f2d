import type { SiteInfo } from '../../../shared/contracts/site.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import type { Config } from '../../config/env.js';

/** Where Tendwell has offices when OFFICES_JSON does not say otherwise (spec §2: Nigeria and the UK). */
const DEFAULT_OFFICES: SiteInfo['offices'] = [
  { countryCode: 'NG', city: 'Lagos', addressLines: [] },
  { countryCode: 'GB', city: 'London', addressLines: [] },
];

/** Public organisation details, all from configuration so a white-label deployment can change them. */
export function getSiteInfo(config: Config): SiteInfo {
  return {
    productName: PRODUCT_NAME,
    contact: { phones: config.CONTACT_PHONES, email: config.CONTACT_EMAIL },
    offices: config.OFFICES_JSON ?? DEFAULT_OFFICES,
    social: config.SOCIAL_LINKS_JSON ?? [],
    demoMode: config.demoMode,
  };
}
