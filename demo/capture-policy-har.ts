/**
 * Captures a HAR of one client's requests to the demo rate-limit policy server, for the pacing mode's
 * inference: a burst that drains the quota, a pause, then a few more requests (sequential, so the
 * server counts them in the order the HAR lists them; each entry's time is when its response arrived).
 *
 *   npx tsx demo/capture-policy-har.ts /bucket > tests/e2e/fixtures/policy-bucket.har
 *   npx tsx demo/capture-policy-har.ts /fixed 30 1000 > tests/e2e/fixtures/policy-fixed.har
 */
import { pathToFileURL } from 'node:url'
import { startRateLimitPolicyServer } from './rate-limit-policy-server.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends `burst` requests back to back, waits `pauseMs`, sends `after` more; resolves to the HAR text. */
export async function capturePolicyHar(path: string, burst = 150, pauseMs = 200, after = 5): Promise<string> {
  const { origin, server } = await startRateLimitPolicyServer(0)
  const entries: unknown[] = []
  const one = async () => {
    const started = Date.now()
    const response = await fetch(origin + path)
    await response.text()
    const time = Date.now() - started
    entries.push({
      startedDateTime: new Date(started).toISOString(),
      time,
      request: { method: 'GET', url: `https://api.example.test${path}`, headers: [] },
      response: { status: response.status, headers: [...response.headers].map(([name, value]) => ({ name, value })) },
    })
  }
  try {
    for (let i = 0; i < burst; i++) await one()
    await sleep(pauseMs)
    for (let i = 0; i < after; i++) await one()
  } finally {
    server.close()
  }
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'capture-policy-har', version: '1' }, entries } }, null, 1)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [path = '/bucket', burst, pause] = process.argv.slice(2)
  process.stdout.write(`${await capturePolicyHar(path, burst ? Number(burst) : undefined, pause ? Number(pause) : undefined)}\n`)
}
