import { describe, expect, test } from 'vitest'
import { parseJsonTree, useJsonParse, WORKER_THRESHOLD } from './useJsonParse'
import { nodeJson } from '../core/json/json-tree'

// In node there is no Worker: these cover the main-thread path and the reactive wrapper; the
// worker path runs in the browser (the benchmark script drives it with 5 and 10 MB bodies).
describe('useJsonParse', () => {
  test('the worker threshold is 256 kB', () => {
    expect(WORKER_THRESHOLD).toBe(262_144)
  })

  test('parseJsonTree flattens small JSON and rejects bad JSON with a SyntaxError', async () => {
    const model = await parseJsonTree('{"a":[1,"x"]}')
    expect(nodeJson(model, 0, 0)).toBe('{"a":[1,"x"]}')
    await expect(parseJsonTree('{"a":')).rejects.toThrow(SyntaxError)
  })

  test('the composable exposes the model, or the error while keeping nothing stale', async () => {
    const { model, error, pending, parse, clear } = useJsonParse()
    await parse('[true]')
    expect(model.value?.count).toBe(2)
    expect([error.value, pending.value]).toEqual([undefined, false])
    await parse('nope')
    expect(model.value).toBeUndefined()
    expect(error.value).toMatch(/JSON/)
    clear()
    expect(error.value).toBeUndefined()
  })
})
