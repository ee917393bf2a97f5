// Turns the raw measurements of one run into report rows with their goals.
import type { AuditResult } from './lighthouse-audit.ts';
import type { BundleSize } from './bundle-size.ts';
import type { Row } from './report.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)} x`;
/** `value - reference` with its sign, to `digits` decimals if given. */
const difference = (value: number, reference: number, digits?: number) => {
  const delta = value - reference;
  return `${delta >= 0 ? '+' : ''}${digits === undefined ? delta : delta.toFixed(digits)}`;
};
const msDifference = (value: number, reference: number) => `${difference(value, reference)} ms`;

export function bundleRows(app: BundleSize, floor: BundleSize): Row[] {
  const jsOverFloor = app.jsGzipBytes - floor.jsGzipBytes;
  return [
    {
      figure: 'JS for / (gzip)',
      measured: kb(app.jsGzipBytes),
      reference: `${kb(floor.jsGzipBytes)} (floor)`,
      comparison: `+${kb(jsOverFloor)}`,
      goal: '<= floor + 14 KB',
      met: jsOverFloor <= 14 * 1024,
    },
    {
      figure: 'CSS for / (gzip)',
      measured: kb(app.cssGzipBytes),
      reference: `${kb(floor.cssGzipBytes)} (floor)`,
      comparison: `+${kb(app.cssGzipBytes - floor.cssGzipBytes)}`,
      goal: '<= 15 KB',
      met: app.cssGzipBytes <= 15 * 1024,
    },
  ];
}

export function lighthouseRows(page: string, app: AuditResult, floor: AuditResult): Row[] {
  const scores = (a: AuditResult) =>
    `${a.performance}/${a.accessibility}/${a.bestPractices}/${a.seo}`;
  const allHundred = [app.performance, app.accessibility, app.bestPractices, app.seo].every(
    (value) => value === 100,
  );
  return [
    {
      figure: `Lighthouse ${page} Perf/A11y/BP/SEO`,
      measured: scores(app),
      reference: `${scores(floor)} (floor)`,
      comparison: '',
      goal: '100/100/100/100',
      met: allHundred,
    },
    {
      figure: `Lighthouse ${page} LCP`,
      measured: `${app.lcpMs} ms`,
      reference: `${floor.lcpMs} ms`,
      comparison: msDifference(app.lcpMs, floor.lcpMs),
      goal: '<= floor',
      met: app.lcpMs <= floor.lcpMs,
    },
    {
      figure: `Lighthouse ${page} TBT`,
      measured: `${app.tbtMs} ms`,
      reference: `${floor.tbtMs} ms`,
      comparison: msDifference(app.tbtMs, floor.tbtMs),
      goal: '<= floor + 50 ms',
      met: app.tbtMs - floor.tbtMs <= 50,
    },
    {
      figure: `Lighthouse ${page} CLS`,
      measured: String(app.cls),
      reference: String(floor.cls),
      comparison: '',
      goal: '0',
      met: app.cls === 0,
    },
  ];
}

/**
 * A page that paints with the app (a company's first view: /protected opened through its link;
 * the owner's page), beside / in the same run.
 */
export function besideHomeRows(page: string, audit: AuditResult, home: AuditResult): Row[] {
  return [
    {
      figure: `Lighthouse ${page} Performance`,
      measured: `${audit.performance} (TBT ${audit.tbtMs} ms)`,
      reference: `${home.performance} (/, TBT ${home.tbtMs} ms)`,
      comparison: '',
      goal: '100',
      met: audit.performance === 100,
    },
    {
      figure: `Lighthouse ${page} LCP`,
      measured: `${audit.lcpMs} ms`,
      reference: `${home.lcpMs} ms (/)`,
      comparison: ratio(audit.lcpMs, home.lcpMs),
      goal: '<= 1.3 x /',
      met: audit.lcpMs <= 1.3 * home.lcpMs,
    },
  ];
}

/** Script evaluation on the main thread against the bare React page's, in the same run. */
export function scriptRow(page: string, app: AuditResult, floor: AuditResult): Row {
  const limit = 1.5;
  return {
    figure: `Lighthouse ${page} script evaluation`,
    measured: `${app.scriptMs} ms`,
    reference: `${floor.scriptMs} ms (floor)`,
    comparison: ratio(app.scriptMs, floor.scriptMs),
    goal: `<= ${limit} x floor`,
    met: app.scriptMs <= limit * floor.scriptMs,
  };
}

/**
 * Performance score, LCP and Total Blocking Time of a page against the same page without any
 * script, from the same run: what the app's JavaScript costs the visitor beyond the page itself.
 * The copy's score is the page's own ceiling on this machine: points it misses too are not the
 * scripts'.
 */
export function scriptFreeRows(page: string, app: AuditResult, scriptFree: AuditResult): Row[] {
  const lcpLimit = 1.05;
  const tbtAllowanceMs = 50;
  return [
    {
      figure: `Lighthouse ${page} Perf vs. without scripts`,
      measured: String(app.performance),
      reference: `${scriptFree.performance} (same page, no scripts)`,
      comparison: difference(app.performance, scriptFree.performance),
      goal: '>= without scripts',
      met: app.performance >= scriptFree.performance,
    },
    {
      figure: `Lighthouse ${page} LCP vs. without scripts`,
      measured: `${app.lcpMs} ms`,
      reference: `${scriptFree.lcpMs} ms (same page, no scripts)`,
      comparison: ratio(app.lcpMs, scriptFree.lcpMs),
      goal: `<= ${lcpLimit} x`,
      met: app.lcpMs <= scriptFree.lcpMs * lcpLimit,
    },
    {
      figure: `Lighthouse ${page} TBT vs. without scripts`,
      measured: `${app.tbtMs} ms`,
      reference: `${scriptFree.tbtMs} ms (same page, no scripts)`,
      comparison: msDifference(app.tbtMs, scriptFree.tbtMs),
      goal: `<= +${tbtAllowanceMs} ms`,
      met: app.tbtMs - scriptFree.tbtMs <= tbtAllowanceMs,
    },
  ];
}

/** The host's benchmarkIndex and the CPU slowdown Lighthouse's calibration gives for it. */
export function hostRow(benchmarkIndex: number, slowdown: number): Row {
  return {
    figure: "Lighthouse's benchmarkIndex of this machine",
    measured: String(benchmarkIndex),
    reference: "1533 (a host for Lighthouse's 4 x)",
    comparison: `calibrated CPU slowdown ${slowdown} x`,
    goal: '',
    met: null,
  };
}

const score = (audit: AuditResult) => `${audit.performance} (TBT ${audit.tbtMs} ms)`;

/**
 * A page with the CPU slowdown calibrated to the host, beside its script-free copy and the floor
 * page at the same slowdown: a slower phone than Lighthouse's. The copy's figures are the page's
 * own ceiling there, so the goal is the scripts' share, as at the default slowdown.
 */
export function calibratedRow(
  page: string,
  slowdown: number,
  audits: { app: AuditResult; scriptFree: AuditResult; floor: AuditResult },
): Row {
  const { app, scriptFree, floor } = audits;
  return {
    figure: `Lighthouse ${page} Perf, CPU ${slowdown} x (calibrated)`,
    measured: score(app),
    reference: `${score(scriptFree)} without scripts; ${score(floor)} floor`,
    comparison: msDifference(app.tbtMs, scriptFree.tbtMs),
    goal: '>= without scripts, TBT <= +50 ms',
    met: app.performance >= scriptFree.performance && app.tbtMs - scriptFree.tbtMs <= 50,
  };
}

export function ratioRow(
  figure: string,
  unit: string,
  measured: number,
  reference: number,
  minimum: number,
): Row {
  return {
    figure,
    measured: `${measured} ${unit}`,
    reference: `${reference} ${unit}`,
    comparison: ratio(measured, reference),
    goal: `>= ${minimum} x`,
    met: measured / reference >= minimum,
  };
}

export function zipRows(
  clients: number,
  seconds: number,
  staticSeconds: number,
  rssGrowthMb: number,
): Row[] {
  return [
    {
      figure: `download-all, ${clients} client(s): time`,
      measured: `${seconds.toFixed(2)} s`,
      reference: `${staticSeconds.toFixed(2)} s (nginx, same-size file x${clients})`,
      comparison: ratio(seconds, staticSeconds),
      goal: '<= 1.25 x',
      met: seconds <= 1.25 * staticSeconds,
    },
    {
      figure: `download-all, ${clients} client(s): API peak RSS growth`,
      measured: `${rssGrowthMb.toFixed(1)} MB`,
      reference: '',
      comparison: '',
      goal: clients >= 10 ? '<= 10 MB' : '',
      met: clients >= 10 ? rssGrowthMb <= 10 : null,
    },
  ];
}

/** Resident memory against a reference: `allowedMb` above it at most. */
export function rssRow(
  figure: string,
  mb: number,
  reference: { label: string; mb: number },
  allowedMb: number,
): Row {
  return {
    figure,
    measured: `${mb} MB`,
    reference: `${reference.mb} MB (${reference.label})`,
    comparison: `${difference(mb, reference.mb, 1)} MB`,
    goal: `<= +${allowedMb} MB`,
    met: mb <= reference.mb + allowedMb,
  };
}
