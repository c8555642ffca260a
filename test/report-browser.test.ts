/**
 * The HTML report in a real browser: the system Chromium (Debian package `chromium`, or $CHROMIUM_PATH), driven
 * headless by playwright-core (no browser download). The example consumer app's report opens from disk with no
 * console error and no network request, shows the timeline, has one finding row per finding of the JSON report,
 * filters, and is keyboard reachable; screenshots (light, dark, merged) go to test-output/report-browser/ for a
 * person to look at.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cli, cliInProcess } from './cli/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'test-output', 'report-browser');
const DAY = ['--today', '2026-03-01'];

function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c!));
}

const CHROMIUM = findChromium();
const TITLE = CHROMIUM
  ? 'the HTML report in headless Chromium'
  : 'the HTML report in headless Chromium: SKIPPED, no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)';

interface Json {
  findings: unknown[];
  notices: { id: string; findings: number }[];
  summary: { errors: number; warnings: number };
}

describe.skipIf(!CHROMIUM)(TITLE, { timeout: 180_000 }, () => {
  let browser: Browser;
  let report: Json;
  const problems: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    mkdirSync(OUT, { recursive: true });
    const r = cli(['examples/consumer-app', ...DAY, '--format', 'html', '-o', path.join(OUT, 'report.html'), '--json-output', path.join(OUT, 'report.json'), '--repo-name', 'acme/collab-ops'], { cwd: ROOT });
    expect(r.code, r.stderr).toBe(1);
    report = JSON.parse(readFileSync(path.join(OUT, 'report.json'), 'utf8')) as Json;
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(file: string, colorScheme: 'light' | 'dark' = 'light', width = 1200): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('request', (req) => {
      if (!req.url().startsWith('file:')) problems.push(`network request: ${req.url()}`);
    });
    await page.goto(pathToFileURL(file).href);
    return page;
  }

  it('opens from disk without console errors or network, shows the timeline and every finding', async () => {
    const page = await open(path.join(OUT, 'report.html'));
    const box = await page.locator('svg.timeline').boundingBox();
    expect(box!.height).toBeGreaterThan(200);
    expect(await page.locator('svg.timeline').isVisible()).toBe(true);
    expect(await page.locator('article.finding').count()).toBe(report.findings.length);
    expect(await page.locator('svg.timeline a.mark').count()).toBe(report.notices.filter((n) => n.findings > 0).length);
    // The filter script ran (the form is shown only then) and the count is right.
    expect(await page.locator('form#filters').isVisible()).toBe(true);
    expect(await page.locator('#shown').textContent()).toBe(String(report.findings.length));
    await page.screenshot({ path: path.join(OUT, 'report-light.png'), fullPage: false });
    await page.screenshot({ path: path.join(OUT, 'report-full.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('filters by severity, notice and path prefix', async () => {
    const page = await open(path.join(OUT, 'report.html'));
    const visible = (): Promise<number> => page.locator('article.finding:visible').count();
    await page.selectOption('select[name=severity]', 'warning');
    expect(await visible()).toBe(report.summary.warnings);
    expect(await page.locator('#shown').textContent()).toBe(String(report.summary.warnings));
    await page.click('button[type=reset]');
    const first = report.notices.find((n) => n.findings > 1)!;
    await page.selectOption('select[name=notice]', first.id);
    expect(await visible()).toBe(first.findings);
    expect(await page.locator('section.notice:visible').count()).toBe(1);
    await page.click('button[type=reset]');
    await page.fill('input[name=path]', 'examples/consumer-app/src/webhooks/');
    const webhooks = (report.findings as { file: string }[]).filter((f) => f.file.startsWith('examples/consumer-app/src/webhooks/')).length;
    expect(webhooks).toBeGreaterThan(0);
    expect(await visible()).toBe(webhooks);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is keyboard navigable: the skip link first, then the timeline marks, each with an accessible name', async () => {
    const page = await open(path.join(OUT, 'report.html'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Skip to the findings');
    // Tab until focus reaches a timeline mark.
    let label: string | null = null;
    for (let i = 0; i < 10 && !label; i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate<string | null>("document.activeElement && document.activeElement.classList.contains('mark') ? document.activeElement.getAttribute('aria-label') : null");
    }
    expect(label).toMatch(/^[a-z0-9-]+: \d+ findings?, .*(breaking|not breaking)$/);
    await page.keyboard.press('Enter');
    expect(await page.evaluate('location.hash')).toMatch(/^#notice-/);
    await page.close();
  });

  it('reads in dark mode and prints without the filters', async () => {
    const page = await open(path.join(OUT, 'report.html'), 'dark');
    const bg = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(bg).toBe('rgb(13, 17, 23)');
    await page.screenshot({ path: path.join(OUT, 'report-dark.png') });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('form#filters').isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('at 400 px the timeline is a readable dated list and nothing runs off the page', async () => {
    const page = await open(path.join(OUT, 'report.html'), 'light', 400);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
    expect(await page.locator('svg.timeline').isVisible()).toBe(false);
    const items = page.locator('ol.timeline-list li');
    expect(await items.count()).toBe(report.notices.filter((n) => n.findings > 0).length);
    expect(await items.first().isVisible()).toBe(true);
    const size = await items.first().evaluate((el) => parseFloat((globalThis as unknown as { getComputedStyle: (e: unknown) => { fontSize: string } }).getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(14);
    // Every line fits: no item wider than the page.
    const widest = await items.evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(400);
    await page.screenshot({ path: path.join(OUT, 'report-400.png'), fullPage: false });
    // On a wide screen the chart is shown and the list is not.
    const wide = await open(path.join(OUT, 'report.html'));
    expect(await wide.locator('svg.timeline').isVisible()).toBe(true);
    expect(await wide.locator('ol.timeline-list').isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
    await wide.close();
  });

  it('shows a merged report of three repositories on one timeline', async () => {
    const dir = path.join(OUT, 'reports');
    mkdirSync(dir, { recursive: true });
    await cliInProcess(['examples/consumer-app', ...DAY, '--format', 'json', '-o', path.join(dir, 'app.json'), '--repo-name', 'acme/collab-ops'], { cwd: ROOT });
    await cliInProcess(['examples/org/license-sync', ...DAY, '--format', 'json', '-o', path.join(dir, 'license-sync.json'), '--repo-name', 'acme/license-sync'], { cwd: ROOT });
    await cliInProcess(['examples/org/webhook-relay', ...DAY, '--format', 'json', '-o', path.join(dir, 'webhook-relay.json'), '--repo-name', 'acme/webhook-relay'], { cwd: ROOT });
    const m = cli(['merge', dir, '--format', 'html', '-o', path.join(OUT, 'merged.html')], { cwd: ROOT });
    expect(m.code, m.stderr).toBe(0);
    const page = await open(path.join(OUT, 'merged.html'));
    expect(await page.locator('svg.timeline g.row').count()).toBe(3);
    expect(await page.locator('svg.timeline .row-label text').allTextContents()).toEqual(['acme/collab-ops', 'acme/webhook-relay', 'acme/license-sync']);
    await page.screenshot({ path: path.join(OUT, 'merged.png'), fullPage: false });
    // The organisation matrix is not cut off: at 1200 and at 400 px it fits its box (33 notices run down the page).
    for (const width of [1200, 400]) {
      const p = width === 1200 ? page : await open(path.join(OUT, 'merged.html'), 'light', width);
      const fit = await p.locator('.matrix').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(fit.scroll, `matrix at ${width} px`).toBeLessThanOrEqual(fit.client);
      expect(await p.locator('.matrix tbody tr').count()).toBe(report.notices.filter((n) => n.findings > 0).length);
      expect(await p.evaluate('document.documentElement.scrollWidth'), `page at ${width} px`).toBeLessThanOrEqual(width);
      await p.locator('.matrix').screenshot({ path: path.join(OUT, `matrix-${width}.png`) });
      if (p !== page) await p.close();
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
