import { describe, expect, test } from 'vitest'
import { createTurnQueue } from './turns'

/** A task boundary the test controls: each `tick()` ends one task. */
function controlledTasks() {
  const pending: Array<() => void> = []
  return {
    yieldTask: () => new Promise<void>((resolve) => pending.push(resolve)),
    async tick() {
      pending.shift()?.()
      for (let i = 0; i < 20; i++) await Promise.resolve()
    },
    get waiting() {
      return pending.length
    },
  }
}

describe('createTurnQueue', () => {
  test('hands out one turn per task, in the order asked', async () => {
    const tasks = controlledTasks()
    const turns = createTurnQueue(tasks.yieldTask)
    const order: string[] = []
    void turns.next().then(() => order.push('a'))
    void turns.next().then(() => order.push('b'))
    void turns.next().then(() => order.push('c'))
    await Promise.resolve()
    expect(order).toEqual([])
    await tasks.tick()
    expect(order).toEqual(['a'])
    await tasks.tick()
    expect(order).toEqual(['a', 'b'])
    await tasks.tick()
    expect(order).toEqual(['a', 'b', 'c'])
    // One more task to see whether the last turn asked for more, then nothing is scheduled.
    await tasks.tick()
    expect(tasks.waiting).toBe(0)
  })

  test('never resolves a turn within the task that asked for it', async () => {
    const turns = createTurnQueue()
    let done = false
    const turn = turns.next().then(() => (done = true))
    for (let i = 0; i < 100; i++) await Promise.resolve()
    expect(done).toBe(false)
    await turn
    expect(done).toBe(true)
  })

  test('settles after every turn, including those asked for by a turn', async () => {
    const tasks = controlledTasks()
    const turns = createTurnQueue(tasks.yieldTask)
    const order: string[] = []
    void turns.next().then(() => {
      order.push('outer')
      void turns.next().then(() => order.push('inner'))
    })
    void turns.settled().then(() => order.push('settled'))
    for (let i = 0; i < 8; i++) await tasks.tick()
    expect(order).toEqual(['outer', 'inner', 'settled'])
  })

  test('settles after a task when no turn is waiting', async () => {
    const tasks = controlledTasks()
    const turns = createTurnQueue(tasks.yieldTask)
    let settled = false
    void turns.settled().then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await tasks.tick()
    expect(settled).toBe(true)
  })

  test('takes new turns after it has run dry', async () => {
    const turns = createTurnQueue()
    await turns.next()
    await turns.settled()
    let done = false
    await turns.next().then(() => (done = true))
    expect(done).toBe(true)
  })

  test('a turn waits for what it needs, and the turns after it wait too', async () => {
    const tasks = controlledTasks()
    const turns = createTurnQueue(tasks.yieldTask)
    const order: string[] = []
    let load!: () => void
    const ready = new Promise<void>((resolve) => (load = resolve))
    void turns.next(ready).then(() => order.push('editor'))
    void turns.next().then(() => order.push('below'))
    for (let i = 0; i < 4; i++) await tasks.tick()
    expect(order).toEqual([])
    load()
    for (let i = 0; i < 20; i++) await Promise.resolve()
    // Loaded, but the turn is a task of its own, not the one that loaded it.
    expect(order).toEqual([])
    await tasks.tick()
    expect(order).toEqual(['editor'])
    await tasks.tick()
    expect(order).toEqual(['editor', 'below'])
  })

  test('a turn whose load failed is still taken', async () => {
    const turns = createTurnQueue()
    const order: string[] = []
    await Promise.all([turns.next(Promise.reject(new Error('offline'))).then(() => order.push('failed')), turns.next().then(() => order.push('next'))])
    expect(order).toEqual(['failed', 'next'])
  })

  test('continue() goes ahead of the turns already waiting', async () => {
    const tasks = controlledTasks()
    const turns = createTurnQueue(tasks.yieldTask)
    const order: string[] = []
    void turns.next().then(async () => {
      order.push('editor state')
      await turns.continue()
      order.push('editor view')
    })
    void turns.next().then(() => order.push('below'))
    void turns.settled().then(() => order.push('settled'))
    for (let i = 0; i < 8; i++) await tasks.tick()
    expect(order).toEqual(['editor state', 'editor view', 'below', 'settled'])
  })

  test('is busy from the first turn asked for until a task after the last one, so work a turn starts can still continue in turns', async () => {
    const tasks = controlledTasks()
    const turns = createTurnQueue(tasks.yieldTask)
    const order: string[] = []
    expect(turns.busy).toBe(false)
    void turns.next().then(async () => {
      order.push(`editor state, busy: ${turns.busy}`)
      await turns.continue()
      order.push('editor view')
    })
    expect(turns.busy).toBe(true)
    for (let i = 0; i < 4; i++) await tasks.tick()
    expect(order).toEqual(['editor state, busy: true', 'editor view'])
    await tasks.tick()
    expect(turns.busy).toBe(false)
  })
})
