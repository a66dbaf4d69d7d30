import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { bodyEncodingOf, createSeededRandom, generateWebhook, loadCatalogue, providers, serializePayload } from '../index'

const now = new Date('2026-03-01T12:34:56.789Z')
const root = fileURLToPath(new URL('../../../../../', import.meta.url))

describe('event catalogues', () => {
  it('the generated tables are up to date with @octokit/openapi-webhooks and stripe', () => {
    expect(() => execFileSync('node', ['scripts/webhook-catalogue.mjs', '--check'], { cwd: root, stdio: 'pipe' })).not.toThrow()
    // A child node process that reads the generators' inputs: seconds on a busy machine.
  }, 60_000)

  it('catalogue events need loadCatalogue; built-in ones do not', async () => {
    // Files share a worker's module registry (vitest.config.ts, isolate: false): another file may have
    // loaded GitLab's catalogue already. A fresh module graph starts with none loaded.
    vi.resetModules()
    const { canGenerate, generateWebhook, loadCatalogue, loadedCatalogue, UnknownWebhookError } = await import('../index')
    expect(() => generateWebhook('gitlab', 'pipeline', { now })).toThrow(UnknownWebhookError)
    expect(canGenerate('gitlab', 'pipeline')).toBe(false)
    expect(canGenerate('gitlab', 'push')).toBe(true)
    expect(loadedCatalogue('gitlab')).toBeUndefined()
    await loadCatalogue('gitlab')
    expect(canGenerate('gitlab', 'pipeline')).toBe(true)
    expect(generateWebhook('gitlab', 'pipeline', { now }).headers['X-Gitlab-Event']).toBe('Pipeline Hook')
    await expect(loadCatalogue('nope')).rejects.toThrow(UnknownWebhookError)
  })

  it.each(providers.map((p) => p.id))('%s: every event generates, once per type, with a category and description; built-ins included', async (id) => {
    const events = await loadCatalogue(id)
    const provider = providers.find((p) => p.id === id)!
    expect(events.length).toBeGreaterThanOrEqual(10)
    expect(new Set(events.map((e) => e.type)).size).toBe(events.length)
    for (const builtIn of provider.events) expect(events.map((e) => e.type)).toContain(builtIn.type)
    for (const event of events) {
      expect(event.description.length, event.type).toBeGreaterThan(10)
      expect(event.category.length, event.type).toBeGreaterThan(0)
      const sample = generateWebhook(id, event.type, { now, random: createSeededRandom(9) })
      expect(sample.event).toBe(event.type)
      expect(serializePayload(id, sample.payload, bodyEncodingOf(sample.body)), event.type).toBe(sample.body)
      expect(sample.deliveryId.length).toBeGreaterThan(8)
    }
  })

  it('reports the counts per provider', async () => {
    const counts = Object.fromEntries(await Promise.all(providers.map(async (p) => [p.id, (await loadCatalogue(p.id)).length] as const)))
    expect(counts['github']).toBeGreaterThan(250)
    expect(counts['stripe']).toBeGreaterThan(250)
    console.info('catalogue counts', JSON.stringify(counts))
  })

  it('10,000 regenerations of rare events: no delivery id or object id collides', async () => {
    await Promise.all(['github', 'stripe', 'shopify'].map((p) => loadCatalogue(p)))
    const cases: [string, string, (p: Record<string, unknown>) => unknown][] = [
      ['github', 'workflow_run.completed', (p) => (p['workflow_run'] as Record<string, unknown>)['id']],
      ['stripe', 'invoice.payment_failed', (p) => (p['data'] as { object: Record<string, unknown> }).object['id']],
      ['shopify', 'products/create', (p) => p['id']],
    ]
    // One seeded stream for all runs: deterministic (GitHub's integer ids are random in a ~2^31 range, so an
    // unseeded run could collide by chance once in a few hundred runs, as real ids never would).
    const random = createSeededRandom(42)
    const runs = Math.ceil(10_000 / cases.length)
    for (const [provider, event, objectId] of cases) {
      const deliveries = new Set<string>()
      const objects = new Set<unknown>()
      for (let i = 0; i < runs; i++) {
        const sample = generateWebhook(provider, event, { now, random })
        deliveries.add(sample.deliveryId)
        objects.add(objectId(sample.payload))
      }
      expect(deliveries.size, `${event} delivery ids`).toBe(runs)
      expect(objects.size, `${event} object ids`).toBe(runs)
    }
  }, 60_000)

  it('Shopify catalogue topics keep 64-bit ids as raw numbers in the body', async () => {
    await loadCatalogue('shopify')
    const sample = generateWebhook('shopify', 'products/create', { now, random: createSeededRandom(1) })
    expect(sample.body).toMatch(/^\{"id":\d{18},/)
    expect(sample.headers['X-Shopify-Topic']).toBe('products/create')
  })
})
