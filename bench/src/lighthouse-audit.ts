// Lighthouse's default (mobile) audit of one URL in Debian's Chromium.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { chromiumFlags, chromiumPath } from '@portfolio/stack';
import { median } from './median.ts';

export interface AuditResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Main-thread time spent evaluating scripts (Lighthouse's `mainthread-work-breakdown`). */
  scriptMs: number;
  /** Lighthouse's measure of the host's CPU, taken before each audit. */
  benchmarkIndex: number;
}

const CHROME_FLAGS = ['--headless=new', ...chromiumFlags];

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

/** chrome-launcher ends Chromium with SIGKILL, so it gets a TMPDIR of its own to leave. */
async function withChromium<T>(work: (chrome: LaunchedChrome) => Promise<T>): Promise<T> {
  const ownTmp = await mkdtemp(join(tmpdir(), 'bench-chromium-'));
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: CHROME_FLAGS,
    envVars: { ...process.env, TMPDIR: ownTmp },
  });
  try {
    return await work(chrome);
  } finally {
    const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : undefined;
    chrome.kill();
    await exited;
    await rm(ownTmp, { recursive: true, force: true });
  }
}

/** The main thread's script evaluation, as Lighthouse groups its work. */
function scriptEvaluationMs(details: unknown): number {
  const items = (details as { items?: Array<{ group: string; duration: number }> })?.items ?? [];
  return Math.round(items.find((item) => item.group === 'scriptEvaluation')?.duration ?? NaN);
}

/** The CPU slowdown is Lighthouse's mobile default (4) unless `cpuSlowdown` is given. */
async function auditOnce(url: string, cpuSlowdown?: number): Promise<AuditResult> {
  return withChromium(async (chrome) => {
    const throttling = cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {};
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...throttling,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      seo: score(categories.seo?.score),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      scriptMs: scriptEvaluationMs(audits['mainthread-work-breakdown']?.details),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    };
  });
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine
 * (NO_NAVSTART, NO_FCP); such a run says nothing about the page, so it is
 * repeated, at most twice.
 */
async function audit(url: string, cpuSlowdown?: number): Promise<AuditResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, cpuSlowdown);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`[bench] ${(error as Error).message}; auditing ${url} again`);
    }
  }
}

const AUDIT_RUNS = 3;

/** Lighthouse's figures swing from run to run: each one is the median of three audits. */
export async function auditMedian(url: string, cpuSlowdown?: number): Promise<AuditResult> {
  const runs: AuditResult[] = [];
  for (let run = 0; run < AUDIT_RUNS; run += 1) runs.push(await audit(url, cpuSlowdown));
  const medianOf = (key: keyof AuditResult) => median(runs.map((result) => result[key]));
  return {
    performance: medianOf('performance'),
    accessibility: medianOf('accessibility'),
    bestPractices: medianOf('bestPractices'),
    seo: medianOf('seo'),
    lcpMs: medianOf('lcpMs'),
    tbtMs: medianOf('tbtMs'),
    cls: medianOf('cls'),
    scriptMs: medianOf('scriptMs'),
    benchmarkIndex: medianOf('benchmarkIndex'),
  };
}
