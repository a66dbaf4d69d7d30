import { chromium } from '@playwright/test'
const url = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
await page.addInitScript(() => {
  window.__log = []
  const t0 = performance.now()
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__log.push([e.entryType, e.name, Math.round(e.startTime), e.size, e.element?.tagName + '.' + e.element?.className]) }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__log.push([e.entryType, e.name, Math.round(e.startTime)]) }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__log.push([e.entryType, Math.round(e.startTime), Math.round(e.duration)]) }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__log.push(['res', e.name.replace(location.origin,''), Math.round(e.startTime), Math.round(e.responseEnd)]) }).observe({ type: 'resource', buffered: true })
})
await page.goto(url)
await page.waitForTimeout(3000)
console.log((await page.evaluate(() => window.__log)).map((x) => JSON.stringify(x)).join('\n'))
await browser.close()
