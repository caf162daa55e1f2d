import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageDay, UsageResponse } from '~/shared/contracts/tenants';
import { useUsage } from '../api/tenants';
import { useTenantErrorMessage } from '../lib/error-message';
import { formatBytes, formatDay, formatNumber } from '../lib/format';
import { QueryError, QueryLoading } from './query-state';

type Metric = 'activeUsers' | 'signIns' | 'storageBytes';
const METRICS: { key: Metric; labelKey: 'tenants.usage.activeUsers' | 'tenants.usage.signIns' | 'tenants.usage.storage' }[] = [
  { key: 'activeUsers', labelKey: 'tenants.usage.activeUsers' },
  { key: 'signIns', labelKey: 'tenants.usage.signIns' },
  { key: 'storageBytes', labelKey: 'tenants.usage.storage' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every day of the range, with the recorded row or null (days before the job ran show no bar). */
export function daysOfRange(usage: Pick<UsageResponse, 'from' | 'to' | 'days'>): { date: string; row: UsageDay | null }[] {
  const byDate = new Map(usage.days.map((d) => [d.date, d]));
  const result: { date: string; row: UsageDay | null }[] = [];
  for (let t = Date.parse(`${usage.from}T00:00:00Z`); t <= Date.parse(`${usage.to}T00:00:00Z`); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    result.push({ date, row: byDate.get(date) ?? null });
  }
  return result;
}

const VIEW_WIDTH = 300;
const VIEW_HEIGHT = 80;

/**
 * One small bar chart per metric, drawn as SVG. Each chart is an image whose name summarises it
 * (days recorded, latest, highest); the full numbers are in a table that screen readers read
 * instead. Time runs in the reading direction, so the chart mirrors in Arabic.
 */
export function UsageChart({ usage, metric, label, format }: { usage: UsageResponse; metric: Metric; label: string; format(value: number): string }) {
  const { t, i18n } = useTranslation('dashboard');
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const days = daysOfRange(usage);
  const recorded = days.filter((d) => d.row !== null);
  const values = recorded.map((d) => d.row?.[metric] ?? 0);
  const highest = Math.max(0, ...values);
  const latest = values.at(-1) ?? 0;
  const slot = VIEW_WIDTH / Math.max(1, days.length);
  const summary = t('tenants.usage.summary', {
    metric: label,
    days: formatNumber(recorded.length, i18n.language),
    latest: format(latest),
    highest: format(highest),
  });
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">{label}</span>
        <span className="text-sm text-slate-700">{format(latest)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} className="h-24 w-full rounded-md bg-slate-50">
        <title>{summary}</title>
        <line x1="0" x2={VIEW_WIDTH} y1={VIEW_HEIGHT - 0.5} y2={VIEW_HEIGHT - 0.5} stroke="#64748b" strokeWidth="1" />
        {days.map((day, index) => {
          if (!day.row) return null;
          const value = day.row[metric];
          const height = highest > 0 ? Math.max(1, (value / highest) * (VIEW_HEIGHT - 6)) : 1;
          const position = rtl ? days.length - 1 - index : index;
          return <rect key={day.date} x={position * slot + slot * 0.15} width={slot * 0.7} y={VIEW_HEIGHT - height} height={height} fill="#0f766e" />;
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-700" aria-hidden="true">
        <span>{formatDay(usage.from, i18n.language)}</span>
        <span>{formatDay(usage.to, i18n.language)}</span>
      </div>
    </figure>
  );
}

/** Usage of the last 30 days (tenant.read): three charts and their data table. */
export function UsageSection({ tenantId, headingId }: { tenantId: string; headingId: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const errorMessage = useTenantErrorMessage();
  const usage = useUsage(tenantId);
  const tableId = useId();
  const formatters: Record<Metric, (value: number) => string> = {
    activeUsers: (v) => formatNumber(v, i18n.language),
    signIns: (v) => formatNumber(v, i18n.language),
    storageBytes: (v) => formatBytes(v, i18n.language),
  };
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('tenants.usage.title')}
      </h2>
      <div className="mt-4">
        {usage.isPending ? (
          <QueryLoading label={t('tenants.usage.loading')} />
        ) : usage.isError ? (
          <QueryError message={t('tenants.usage.loadFailed')} detail={errorMessage(usage.error)} onRetry={() => void usage.refetch()} />
        ) : usage.data.days.length === 0 ? (
          <p className="text-slate-700">{t('tenants.usage.empty')}</p>
        ) : (
          <>
            <div className="grid gap-6 md:grid-cols-3">
              {METRICS.map((m) => (
                <UsageChart key={m.key} usage={usage.data} metric={m.key} label={t(m.labelKey)} format={formatters[m.key]} />
              ))}
            </div>
            <table id={tableId} className="sr-only">
              <caption>{t('tenants.usage.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tenants.usage.day')}</th>
                  {METRICS.map((m) => (
                    <th key={m.key} scope="col">
                      {t(m.labelKey)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {usage.data.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">
                      <time dateTime={day.date}>{formatDay(day.date, i18n.language)}</time>
                    </th>
                    {METRICS.map((m) => (
                      <td key={m.key}>{formatters[m.key](day[m.key])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </section>
  );
}
