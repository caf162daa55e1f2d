/** Content dates are calendar days, in the spec's 'PPP' like every other date (src/web/lib/dates.ts). */
export { formatCalendarDay as formatContentDate } from '~/web/lib/dates';
