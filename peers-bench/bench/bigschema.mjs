// 6. GitHub's whole public schema (npm @octokit/graphql-schema 15.26.1, 1,598 types, introspection ~2.6 MB)
//    served on :4000 by `GQL_SCHEMA=github node server/server.mjs` (buildClientSchema of the package's schema.json).
//   readyMs         navigation start -> the query editor's completion list offers `login` in `{ viewer { log`
//                   (the text is typed as soon as the editor exists; Ctrl+Space every 200 ms until it does)
//   readyLongestMs  the longest main-thread task (PerformanceObserver 'longtask') in that span
//   keyMs           with the schema loaded: keydown of `g` in `{ viewer { lo` -> the list shows `login` (median of 5)
//   searchMs        docs search for `PullRequestReviewComment`: the last keystroke -> a result with that name shown
//   heapMB          JS heap of the page after a forced GC (CDP; workers not counted)
// API Workbench arrives with the endpoint already set (a first visit typed it; it is kept in localStorage) and
// with its schema cache (IndexedDB) emptied before each run, so its figure is a first load like the peers'.
// usage: node bench/bigschema.mjs [rounds=3] [peer...]   (clients interleaved round by round; appends to
//        results/bigschema.jsonl and prints medians and ranges)
import fs from 'node:fs';
import os from 'node:os';
import { launch, PEERS, SEL, median, sleep } from './lib.mjs';

const rounds = Number(process.argv[2] || 3);
const only = process.argv.slice(3);
const clients = only.length ? only : ['graphiql', 'altair', 'playground', 'awb'];
const ENDPOINT = 'http://127.0.0.1:4000/graphql';

/** Where each client lists completions, and how its docs are searched. */
const UI = {
  graphiql: {
    completion: '.suggest-widget .monaco-list-row',
    openDocs: async (page) => {
      const show = page.getByRole('button', { name: 'Show Documentation Explorer' });
      if (await show.count()) await show.click();
    },
    search: (page) => page.getByPlaceholder(/Ctrl Alt K|search/i).first(),
  },
  altair: {
    completion: '.cm-tooltip-autocomplete li',
    openDocs: async (page) => page.locator('button:has-text("Docs"), [data-test-id="show-docs"], .app-doc-viewer-toggle').first().click(),
    search: (page) => page.locator('app-doc-viewer input, .doc-viewer input').first(),
  },
  playground: {
    completion: '.CodeMirror-hints .CodeMirror-hint',
    openDocs: async (page) => page.getByText('Docs', { exact: true }).first().click(),
    search: (page) => page.getByPlaceholder(/search/i).first(),
  },
  awb: {
    completion: '.cm-tooltip-autocomplete li',
    openDocs: async (page) => page.getByRole('button', { name: 'Docs', exact: true }).click(),
    search: (page) => page.getByRole('searchbox', { name: 'Search the schema' }),
  },
};

const INSTRUMENT = () => {
  window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  window.__key = undefined;
  window.addEventListener('keydown', (e) => { if (e.key === 'g') window.__key = e.timeStamp; }, true);
};

/** performance.now() in the page when an element matching `sel` shows `text` (polled every frame), or null at timeout. */
const shownAt = (page, sel, text, timeout) => page.waitForFunction(([sel, text]) => {
  for (const el of document.querySelectorAll(sel)) if (el.textContent.replace(/\u00a0/g, ' ').trim().startsWith(text) && el.getClientRects().length) return performance.now();
  return false;
}, [sel, text], { polling: 'raf', timeout }).then((h) => h.jsonValue()).catch(() => null);

async function setText(page, which, text) {
  await page.locator(SEL[which].queryEditor).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function once(browser, which) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await ctx.addInitScript(INSTRUMENT);
  const page = await ctx.newPage();
  if (which === 'awb') {
    // A first visit types the endpoint (kept in localStorage); the measured visit arrives with it.
    await page.goto(PEERS.awb.url, { waitUntil: 'load' });
    await page.waitForSelector(SEL.awb.ready, { timeout: 60000 });
    await page.getByRole('textbox', { name: 'Endpoint', exact: true }).fill(ENDPOINT);
    await sleep(1500);
    await page.evaluate(async () => { for (const db of await indexedDB.databases()) if (db.name) indexedDB.deleteDatabase(db.name); });
    await page.goto('about:blank');
  }
  const load = Number(os.loadavg()[0].toFixed(2));
  await page.goto(PEERS[which].url, { waitUntil: 'commit' });
  await page.waitForSelector(SEL[which].ready, { timeout: 60000 });
  await setText(page, which, '{ viewer { log');
  let readyAt = null;
  for (let tries = 0; tries < 150 && readyAt === null; tries++) {
    readyAt = await shownAt(page, UI[which].completion, 'login', 200);
    if (readyAt === null) await page.keyboard.press('Control+Space');
  }
  const readyLongestMs = readyAt === null ? null : await page.evaluate((end) => Math.max(0, ...window.__lt.filter(([s]) => s <= end).map(([, d]) => d)), readyAt);
  // Keystroke -> completion, 5 times.
  const keys = [];
  for (let k = 0; k < 5 && readyAt !== null; k++) {
    await page.keyboard.press('Escape');
    await setText(page, which, '{ viewer { lo');
    await page.keyboard.press('Escape');
    await sleep(400);
    await page.evaluate(() => { window.__key = undefined; });
    await page.keyboard.press('g');
    const at = await shownAt(page, UI[which].completion, 'login', 5000);
    const key = await page.evaluate(() => window.__key);
    if (at !== null && key !== undefined) keys.push(at - key);
  }
  await page.keyboard.press('Escape');
  // Docs search.
  let searchMs = null;
  try {
    await UI[which].openDocs(page);
    const box = UI[which].search(page);
    await box.click({ timeout: 5000 });
    await box.pressSequentially('PullRequestReviewComme', { delay: 0 });
    await page.evaluate(() => { window.__key = undefined; window.addEventListener('keydown', (e) => { window.__last = e.timeStamp; }, { capture: true, once: true }); });
    await box.press('n');
    const at = await shownAt(page, 'a, button, li, [role="option"], [role="treeitem"], span, div', 'PullRequestReviewComment', 10000);
    const last = await page.evaluate(() => window.__last);
    if (at !== null && last !== undefined) searchMs = at - last;
  } catch (e) { searchMs = null; }
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await page.screenshot({ path: `results/bigschema-${which}.png` });
  await ctx.close();
  return { which, load, readyMs: readyAt, readyLongestMs, keyMs: keys.length ? median(keys) : null, keys, searchMs, heapMB: +(usedSize / 1e6).toFixed(1) };
}

fs.mkdirSync('results', { recursive: true });
const all = [];
for (let r = 0; r < rounds; r++) {
  for (const which of r % 2 ? [...clients].reverse() : clients) {
    const browser = await launch();
    try {
      const row = await once(browser, which);
      all.push(row);
      fs.appendFileSync('results/bigschema.jsonl', JSON.stringify({ ...row, at: new Date().toISOString() }) + '\n');
      console.log(JSON.stringify(row));
    } finally { await browser.close(); }
  }
}
const fmt = (v) => (v === null || Number.isNaN(v) ? 'n/a' : `${Math.round(v)}`);
const range = (vals) => { const v = vals.filter((x) => x !== null); return v.length ? `${fmt(median(v))} (${fmt(Math.min(...v))}–${fmt(Math.max(...v))})` : 'n/a'; };
console.log(`\n| client | schema ready ms | longest task meanwhile ms | keystroke → completion ms | docs search ms | JS heap after GC MB |`);
console.log('|---|---|---|---|---|---|');
for (const which of clients) {
  const rows = all.filter((r) => r.which === which);
  console.log(`| ${PEERS[which].name} | ${range(rows.map((r) => r.readyMs))} | ${range(rows.map((r) => r.readyLongestMs))} | ${range(rows.map((r) => r.keyMs))} | ${range(rows.map((r) => r.searchMs))} | ${range(rows.map((r) => r.heapMB))} |`);
}
console.log(`\nmedians (min–max) of ${rounds} interleaved rounds; 1-min load average per run: ${all.map((r) => r.load).join(' ')}`);
