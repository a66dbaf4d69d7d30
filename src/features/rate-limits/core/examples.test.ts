import { describe, expect, it } from 'vitest'
import { examples } from './examples.ts'
import { parse } from './test-utils.ts'

describe('examples', () => {
  it('has unique ids and covers every family the issue names', () => {
    expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length)
    const families = new Set(examples.map((e) => e.family))
    for (const f of ['github', 'openai', 'x', 'shopify', 'ietf', 'anthropic', 'discord', 'reddit', 'gitlab', 'hubspot', 'linear', 'sentry']) {
      expect(families).toContain(f)
    }
  })

  it.each(examples.map((e) => [e.id, e] as const))('%s parses to quotas of its family', (_id, example) => {
    const r = parse(example.text)
    expect(r.quotas.length).toBeGreaterThan(0)
    expect(r.quotas.every((q) => q.family === example.family)).toBe(true)
    // Only Linear's undocumented reset form is expected to produce a warning.
    const allowed = example.family === 'linear' ? ['reset-guessed'] : []
    expect(r.warnings.filter((w) => !allowed.includes(w.code))).toEqual([])
  })

  it('loaded an hour later, absolute resets stay in the future thanks to the Date header', () => {
    const later = new Date('2025-01-14T11:15:00Z')
    for (const e of examples) {
      const r = parse(e.text, later)
      expect(r.warnings.map((w) => w.code)).not.toContain('reset-passed')
    }
  })
})
