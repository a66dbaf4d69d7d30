import { describe, expect, it } from 'vitest'
import { exampleAt, examples } from './examples.ts'
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

  it('loaded two years later, each example is moved to that moment: no reset passed, no age or skew note, same quotas', () => {
    const later = new Date('2027-03-02T08:41:37.250Z')
    for (const e of examples) {
      const moved = exampleAt(e, later)
      const r = parse(moved, later)
      expect(r.warnings.filter((w) => !(e.family === 'linear' && w.code === 'reset-guessed')), e.id).toEqual([])
      const atWrite = parse(e.text)
      // The same distances to the reset, within the second the Date header is rounded up to (Jira's minute-precision
      // reset: within a minute).
      const tolerance = e.id === 'jira' ? 60_000 : 1000
      expect(r.quotas.length, e.id).toBe(atWrite.quotas.length)
      r.quotas.forEach((q, i) => {
        const before = atWrite.quotas[i]?.resetInMs
        if (before === undefined) expect(q.resetInMs, e.id).toBeUndefined()
        else expect(Math.abs((q.resetInMs ?? Number.NaN) - before), `${e.id} ${q.label}`).toBeLessThan(tolerance)
      })
    }
  })

  it('the unmoved examples, read two years on, say their resets passed (the bug a fixed sample had)', () => {
    const r = parse(examples[0]!.text, new Date('2027-03-02T08:41:37Z'))
    expect(r.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['old-response', 'reset-passed']))
  })
})
