// Formatting of the results: the console table, bench/results/latest.json and summary.md.

const OPS = { '>=': '≥', '<=': '≤' };

/** A target is { of: 'value' | 'ratio', op: '>=' | '<=', limit }. */
export function meets(target, row) {
  if (!target) return null;
  const actual = target.of === 'ratio' ? row.ratio : row.value;
  if (actual === null || actual === undefined || Number.isNaN(actual)) return null;
  return target.op === '>=' ? actual >= target.limit : actual <= target.limit;
}

function number(value, digits) {
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function formatValue(value, unit) {
  if (value === null || value === undefined) return '–';
  switch (unit) {
    case 'req/s':
      return `${number(value, 0)} req/s`;
    case 'ms':
      return `${number(value, 0)} ms`;
    case 'MB':
      return `${number(value, 1)} MB`;
    case 'points':
      return `${number(value, 0)} points`;
    case 'kB':
      return `${number(value, 1)} kB`;
    default:
      return `${number(value, 2)} ${unit}`;
  }
}

export function targetText(target, unit) {
  if (!target) return '–';
  return target.of === 'ratio' ? `ratio ${OPS[target.op]} ${number(target.limit, 2)}` : `${OPS[target.op]} ${formatValue(target.limit, unit)}`;
}

function cells(row) {
  return [
    row.name,
    row.error ? 'ERROR' : formatValue(row.value, row.unit),
    row.baseline === null ? '–' : `${formatValue(row.baseline, row.unit)}${row.baselineName ? ` (${row.baselineName})` : ''}`,
    row.ratio === null ? '–' : `${number(row.ratio, 2)}×`,
    targetText(row.target, row.unit),
    row.error ? 'ERROR' : row.pass === null ? 'n/a' : row.pass ? 'pass' : 'MISSED',
  ];
}

const HEADER = ['Benchmark', 'Value', 'Baseline', 'Ratio', 'Target', 'Result'];

export function consoleTable(rows) {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...table.map((line) => line[column].length)));
  const line = (values) => values.map((value, column) => value.padEnd(widths[column])).join('  ').trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [line(HEADER), rule, ...rows.map((row) => line(cells(row)))].join('\n');
}

export function markdown(rows, meta) {
  const escape = (text) => text.replaceAll('|', '\\|');
  const lines = [
    '# Benchmark summary',
    '',
    'Written by `npm run bench` (see [bench/README.md](../README.md) for what each row measures).',
    '',
    `- Date: ${meta.date}`,
    `- Node: ${meta.node}`,
    `- CPU: ${meta.cpuModel} (${meta.cpuCount} logical cores)`,
    `- Commit: ${meta.commit ?? 'unknown'}${meta.dirty ? ' (with uncommitted changes)' : ''}`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `| ${HEADER.map((_, i) => (i === 0 ? '---' : i === 5 ? ':---:' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${cells(row).map(escape).join(' | ')} |`),
    '',
  ];
  const missed = rows.filter((row) => row.pass === false);
  lines.push(missed.length === 0 ? 'All targets met.' : `Missed targets: ${missed.map((row) => row.name).join(', ')}.`, '');
  return lines.join('\n');
}
