import { describe, expect, it } from 'vitest'
import { backoffSchedule, describeSchedule } from './advice.ts'
import { quotaState, quotaStateLabel } from './state.ts'
import { dump, NOW_S, parse } from './test-utils.ts'
import type { Advice } from './types.ts'

const situation = (advice: Advice[]) => advice.filter((a) => a.group === 'situation')
const codesOf = (advice: Advice[]) => advice.map((a) => a.code)

describe('quotaState', () => {
  it.each([
    [{ limit: 100, remaining: 51 }, 'ok', 'healthy'],
    [{ limit: 100, remaining: 50 }, 'warning', 'near limit'],
    [{ limit: 100, remaining: 20 }, 'warning', 'near limit'],
    [{ limit: 100, remaining: 19 }, 'error', 'almost exhausted'],
    [{ limit: 5000, remaining: 4 }, 'error', 'almost exhausted'],
    [{ limit: 8, remaining: 4 }, 'error', 'almost exhausted'],
    [{ limit: 100, remaining: 0 }, 'error', 'exhausted'],
    [{ remaining: 0 }, 'error', 'exhausted'],
    [{ remaining: 500 }, 'unknown', 'unknown'],
    [{ limit: 100 }, 'unknown', 'unknown'],
    [{ limit: 10, remaining: 20 }, 'unknown', 'unknown'],
  ] as const)('%j → %s (%s)', (q, state, label) => {
    expect(quotaState(q)).toBe(state)
    expect(quotaStateLabel(q)).toBe(label)
  })
})

describe('backoff schedule', () => {
  it('doubles ranges from 1 s, capped, deterministically', () => {
    expect(backoffSchedule()).toEqual([
      { attempt: 1, minMs: 1000, maxMs: 2000 },
      { attempt: 2, minMs: 2000, maxMs: 4000 },
      { attempt: 3, minMs: 4000, maxMs: 8000 },
      { attempt: 4, minMs: 8000, maxMs: 16000 },
      { attempt: 5, minMs: 16000, maxMs: 32000 },
    ])
    expect(backoffSchedule({ baseMs: 500, attempts: 3, capMs: 1500 })).toEqual([
      { attempt: 1, minMs: 500, maxMs: 1000 },
      { attempt: 2, minMs: 1000, maxMs: 1500 },
      { attempt: 3, minMs: 1500, maxMs: 1500 },
    ])
    expect(describeSchedule(backoffSchedule({ attempts: 2, baseMs: 500 }))).toBe('attempt 1: 0.5–1 s, attempt 2: 1–2 s')
  })
})

describe('advice selection', () => {
  it('healthy quota: only the collapsed good-practice items', () => {
    const r = parse(dump('RateLimit-Limit: 100', 'RateLimit-Remaining: 90'))
    expect(situation(r.advice)).toEqual([])
    expect(codesOf(r.advice)).toEqual([
      'practice.check-remaining',
      'practice.client-bucket',
      'practice.conditional-requests',
      'practice.honour-retry-after',
    ])
    expect(r.advice.every((a) => a.level === 'info' && a.group === 'practice')).toBe(true)
  })

  it('remaining below 5: pause until the reset, with its time', () => {
    const r = parse(dump('x-ratelimit-resource: core', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 3', `x-ratelimit-reset: ${NOW_S + 872}`))
    expect(situation(r.advice)).toEqual([
      {
        level: 'warning',
        group: 'situation',
        code: 'pause-until-reset',
        at: '2025-01-14T10:29:32.000Z',
        message: 'Only 3 requests left in github core. Pause until it resets at 2025-01-14T10:29:32.000Z (in 14 min 32 s).',
      },
    ])
  })

  it('remaining below 5 without a reset, in the quota unit, singular', () => {
    const r = parse(dump('x-ratelimit-limit-tokens: 1000', 'x-ratelimit-remaining-tokens: 1'))
    expect(situation(r.advice)[0]?.message).toBe('Only 1 token left in openai tokens and no reset time was sent. Pause and slow down.')
  })

  it('remaining 0: wait for the reset, then back off with a concrete schedule', () => {
    const r = parse(dump('x-ratelimit-resource: core', 'x-ratelimit-limit: 60', 'x-ratelimit-remaining: 0', `x-ratelimit-reset: ${NOW_S + 300}`))
    const [wait, backoff] = situation(r.advice)
    expect(wait).toEqual({
      level: 'error',
      group: 'situation',
      code: 'wait-for-reset',
      at: '2025-01-14T10:20:00.000Z',
      message: 'Quota exhausted (github core). Do not retry before 2025-01-14T10:20:00.000Z (in 5 min), when x-ratelimit-reset says github core resets.',
    })
    expect(backoff?.code).toBe('backoff')
    expect(backoff?.message).toContain('attempt 1: 1–2 s, attempt 2: 2–4 s, attempt 3: 4–8 s')
    expect(backoff?.schedule).toHaveLength(5)
  })

  it('429 with Retry-After: Retry-After takes precedence over the reset', () => {
    const r = parse(dump('HTTP/1.1 429 Too Many Requests', 'Retry-After: 30', 'RateLimit-Limit: 10', 'RateLimit-Remaining: 0', 'RateLimit-Reset: 600'))
    const first = situation(r.advice)[0]
    expect(first).toMatchObject({ code: 'retry-after', level: 'error', at: '2025-01-14T10:15:30.000Z' })
    expect(first?.message).toBe(
      'Rate limited (HTTP 429). Retry after 2025-01-14T10:15:30.000Z (in 30 s), as Retry-After says; it takes precedence over reset headers.',
    )
  })

  it('429 without any time: back off only, and flag a secondary limit when quotas have room', () => {
    const r = parse(dump('HTTP/2 429', 'x-ratelimit-resource: core', 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4000'))
    expect(codesOf(situation(r.advice))).toEqual(['no-retry-time', 'backoff', 'secondary-limit'])
  })

  it('429 with no rate-limit headers still advises backoff', () => {
    const r = parse('HTTP/1.1 429 Too Many Requests\nContent-Type: text/plain')
    expect(codesOf(situation(r.advice))).toEqual(['no-retry-time', 'backoff'])
  })

  it('near limit (under 20 % but 5 or more left) gets a pacing hint', () => {
    const r = parse(dump('RateLimit-Limit: 100', 'RateLimit-Remaining: 12'))
    expect(situation(r.advice)).toEqual([
      {
        level: 'warning',
        group: 'situation',
        code: 'near-limit',
        message: 'ietf default has 12 % left (12 of 100): spread the remaining requests over the time until the reset.',
      },
    ])
  })
})
