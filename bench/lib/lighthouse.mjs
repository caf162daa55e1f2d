// Rows 13-18: Lighthouse (issue 4). The npm package `lighthouse` drives Debian's Chromium
// (CHROME_PATH, else /usr/bin/chromium) with its default configuration: the mobile preset with
// simulated throttling (slow 4G, 4× CPU slowdown). Each page is audited RUNS times, the pages taking
// turns with the baseline so that the machine's drift falls on all of them alike, and the median run
// of each (Lighthouse's own computeMedianRun: the run closest to the median FCP and TTI) gives the
// scores.
//
// Baseline: public/offline.html, a static page (no script) served by the same server in the same
// run. Targets per page: Performance ≥ 95 and ≥ 0.95 × the static page's; Accessibility, Best
// Practices and SEO all 100 (one row: the lowest of the three).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export const LIGHTHOUSE_PAGES = ['/', '/about', '/auth/login'];
const BASELINE_PAGE = '/offline.html';
const RUNS = 3;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const METRICS = {
  'first-contentful-paint': 'fcpMs',
  'largest-contentful-paint': 'lcpMs',
  'total-blocking-time': 'tbtMs',
  'cumulative-layout-shift': 'cls',
  'speed-index': 'speedIndexMs',
};

const score = (lhr, category) => {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};

/** The figures of one report: the four scores, the metrics behind Performance, what failed. */
function summarise(lhr) {
  const metrics = {};
  for (const [id, key] of Object.entries(METRICS)) metrics[key] = lhr.audits[id]?.numericValue ?? null;
  const failing = [];
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    if (category === 'performance') continue;
    for (const ref of auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${category}: ${ref.id}`);
    }
  }
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    metrics,
    failing,
    runWarnings: lhr.runWarnings ?? [],
  };
}

/**
 * One Lighthouse report. A run that fails to record its trace (Lighthouse's own NO_NAVSTART and
 * similar runtime errors, which happen now and then on a loaded machine) is repeated, at most
 * ATTEMPTS times in all; the failures are logged.
 */
const ATTEMPTS = 3;
async function audit(url, port, log) {
  let last;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!result?.lhr) last = 'no report';
    else if (result.lhr.runtimeError) last = `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`;
    else return result.lhr;
    log(`  ${url}: attempt ${attempt} failed (${last})`);
  }
  throw new Error(`Lighthouse on ${url}: ${last}`);
}

/**
 * Lighthouse rows for the server at `base` (a server started by the caller with its demo data).
 * `round` rounds a figure for the report; `log` prints progress.
 */
export async function lighthouseRows({ base, log, round }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const reports = new Map([BASELINE_PAGE, ...LIGHTHOUSE_PAGES].map((path) => [path, []]));
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      for (const path of reports.keys()) {
        const lhr = await audit(`${base}${path}`, chrome.port, log);
        reports.get(path).push(lhr);
        const s = summarise(lhr);
        log(`  run ${run} ${path}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}`);
      }
    }
  } finally {
    await chrome.kill();
  }

  const median = (path) => summarise(computeMedianRun(reports.get(path)));
  const baseline = median(BASELINE_PAGE);
  const rows = [];
  for (const path of LIGHTHOUSE_PAGES) {
    const page = median(path);
    const all = reports.get(path).map((lhr) => score(lhr, 'performance'));
    const ratio = baseline.performance ? page.performance / baseline.performance : null;
    rows.push({
      id: `lighthouse-performance${path === '/' ? '' : path.replaceAll('/', '-')}`,
      name: `Lighthouse Performance of ${path} (mobile, median of ${RUNS})`,
      value: page.performance,
      unit: 'points',
      baseline: baseline.performance,
      baselineName: `static ${BASELINE_PAGE}`,
      ratio: ratio === null ? null : round(ratio, 2),
      target: { of: 'value', op: '>=', limit: 95 },
      conditions: [{ name: 'ratio ≥ 0.95 of the static page', met: ratio !== null && ratio >= 0.95 }],
      details: { runs: all, metrics: page.metrics, baselineMetrics: baseline.metrics, runWarnings: page.runWarnings },
    });
    const lowest = Math.min(page.accessibility ?? 0, page.bestPractices ?? 0, page.seo ?? 0);
    rows.push({
      id: `lighthouse-quality${path === '/' ? '' : path.replaceAll('/', '-')}`,
      name: `Lighthouse Accessibility, Best Practices, SEO of ${path}: the lowest`,
      value: lowest,
      unit: 'points',
      baseline: null,
      ratio: null,
      target: { of: 'value', op: '>=', limit: 100 },
      details: { accessibility: page.accessibility, bestPractices: page.bestPractices, seo: page.seo, failing: page.failing },
    });
  }
  return rows;
}
