/** The input store's remarks of the last build follow the texts they are about. */
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick, watch } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { useGraphQLInputStore } from '@/features/graphql/stores/graphql-input'
import { installMemoryLocalStorage } from '@/shared/testing/memory-storage'

const storage = installMemoryLocalStorage()

beforeEach(() => {
  storage.clear()
  setActivePinia(createPinia())
})

/** The input store with an endpoint, `query Q { a }` and these variables, settled. */
async function inputWith(variables: string) {
  const input = useGraphQLInputStore()
  input.endpoint = 'http://one.test/graphql'
  input.query = 'query Q { a }'
  input.variables = variables
  await nextTick()
  return input
}

describe('build warnings', () => {
  it('drops the undeclared-variable remark once the query or the variables change, and keeps it otherwise', async () => {
    const input = await inputWith('{ "extra": 1 }')
    expect(input.build()).toBeDefined()
    expect(input.warnings.map((w) => w.field)).toEqual(['variables'])
    input.timeout = '5' // another field: the remark still holds
    await nextTick()
    expect(input.warnings).toHaveLength(1)
    input.variables = '{}'
    await nextTick()
    expect(input.warnings).toEqual([])

    input.variables = '{ "extra": 1 }'
    input.build() // edited and sent in one tick: the remark is about what was sent
    await nextTick()
    expect(input.warnings).toHaveLength(1)
    input.query = 'query Q($extra: Int) { a }'
    await nextTick()
    expect(input.warnings).toEqual([])
  })

  it('keeps its list when a Send makes the same remarks as the last (none, or the same), so nothing that shows them updates', async () => {
    const input = await inputWith('{}')
    let changes = 0
    watch(() => input.warnings, () => changes++, { flush: 'sync' })
    expect(input.build()).toBeDefined()
    expect(input.build()).toBeDefined()
    expect(changes).toBe(0)
    // A remark, the same remark again, then a Send without it: the list changes for the first and the last.
    input.variables = '{ "extra": 1 }'
    input.build()
    input.build()
    expect(input.warnings).toHaveLength(1)
    input.variables = '{}'
    input.build()
    expect(changes).toBe(2)
    expect(input.warnings).toEqual([])
  })
})
