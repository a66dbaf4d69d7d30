import { describe, expect, test } from 'vitest'
import { createYielder, yieldToEventLoop } from './yield'

/** Whether `promise` settles within 100 microtask turns, i.e. without waiting for a new task. */
async function settlesInMicrotasks(promise: Promise<void>): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  for (let i = 0; i < 100 && !settled; i++) await Promise.resolve()
  const result = settled
  await promise
  return result
}

describe('yieldToEventLoop', () => {
  test('resolves in a later task, never within the current microtasks', async () => {
    expect(await settlesInMicrotasks(yieldToEventLoop())).toBe(false)
  })
})

describe('createYielder', () => {
  test('yields only once the slice has passed, then starts a new slice', async () => {
    let t = 0
    const maybeYield = createYielder({ sliceMs: 8, now: () => t })
    t = 5
    expect(await settlesInMicrotasks(maybeYield())).toBe(true)
    t = 9
    expect(await settlesInMicrotasks(maybeYield())).toBe(false)
    t = 12 // a new slice began at 9
    expect(await settlesInMicrotasks(maybeYield())).toBe(true)
    t = 17
    expect(await settlesInMicrotasks(maybeYield())).toBe(false)
  })
})
