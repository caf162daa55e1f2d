import { loadNamespaces } from '~/web/lib/i18n';

/**
 * What the signed-in pages that render with the appointments strings share as route modules, re-exported
 * by each: /dashboard, /appointments and the practice pages (/provider/dashboard, appointments, a new
 * appointment, availability and profile).
 */
export const handle = { i18n: ['appointments'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}
