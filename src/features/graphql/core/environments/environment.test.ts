import { describe, expect, it } from 'vitest'
import {
  environmentNameProblem,
  persistableEnvironments,
  readPersistedEnvironments,
  variableLookup,
  variableProblems,
  type Environment,
} from './environment'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

const v = (id: string, name: string, value: string, secret = false) => ({ id, name, value, secret })
const staging: Environment = {
  id: 'e1',
  name: 'Staging',
  variables: [v('a', 'baseUrl', 'https://staging.example'), v('b', 'token', 'sk-1', true), v('c', '', ''), v('d', 'baseUrl', 'dup'), v('e', '2x', 'bad')],
}

describe('environment names', () => {
  it('must be non-empty and unique in any case', () => {
    expect(environmentNameProblem(' ', [])).toBe('Enter a name for the environment.')
    expect(environmentNameProblem('staging ', [staging])).toBe('There is already an environment called "staging".')
    expect(environmentNameProblem('Production', [staging])).toBeUndefined()
  })
})

describe('variableProblems', () => {
  it('flags a missing, invalid or repeated name at the name field; blank rows are ignored', () => {
    expect(Object.fromEntries(variableProblems([...staging.variables, v('f', '', 'orphan')]))).toEqual({
      d: { field: 'name', message: '"baseUrl" is already defined above; keep one.' },
      e: { field: 'name', message: '"2x" is not a variable name: use letters, digits and _ (not starting with a digit).' },
      f: { field: 'name', message: 'Enter a variable name, or clear the value.' },
    })
  })
})

describe('variableLookup', () => {
  it('resolves valid rows only, keeping the first of a repeated name', () => {
    expect(Object.fromEntries(variableLookup(staging))).toEqual({
      baseUrl: { value: 'https://staging.example', secret: false },
      token: { value: 'sk-1', secret: true },
    })
    expect(variableLookup(undefined).size).toBe(0)
  })
})

describe('persisting', () => {
  it('never stores a secret value, and reads back what it stored', () => {
    const stored = JSON.stringify(persistableEnvironments({ environments: [staging], activeId: 'e1' }))
    expect(stored).not.toContain('sk-1')
    const read = readPersistedEnvironments(stored)
    expect(read.activeId).toBe('e1')
    expect(read.environments[0]?.variables[1]).toEqual(v('b', 'token', '', true))
    expect(read.environments[0]?.variables[0]).toEqual(staging.variables[0])
  })

  it('drops what is malformed, never restores a hand-written secret value, and makes ids unique', () => {
    expect(readPersistedEnvironments(null)).toEqual({ environments: [], activeId: '' })
    expect(readPersistedEnvironments('{oops')).toEqual({ environments: [], activeId: '' })
    expect(readPersistedEnvironments('[1]')).toEqual({ environments: [], activeId: '' })
    const read = readPersistedEnvironments(
      JSON.stringify({
        activeId: 'gone',
        environments: [
          { id: 'x', name: 'A', variables: [{ id: 'v', name: 'token', value: 'planted', secret: true }, 7, { name: 3, value: 4 }] },
          { id: 'x', variables: 'no' },
          'junk',
        ],
      }),
    )
    expect(read).toEqual({
      activeId: '',
      environments: [
        { id: 'x', name: 'A', variables: [v('v', 'token', '', true), v('env0v1', '', '')] },
        { id: 'x_2', name: '', variables: [] },
      ],
    })
  })
})

describe('reading many stored environments with repeated ids', { timeout: 60_000 }, () => {
  const stored = (count: number) =>
    JSON.stringify({
      activeId: 'e',
      environments: Array.from({ length: count }, () => ({ id: 'e', name: 'Same', variables: Array.from({ length: 2 }, () => ({ id: 'v', name: 'a', value: '1' })) })),
    })

  it('gives every repeat its own id, the first number not taken', () => {
    const read = readPersistedEnvironments(
      JSON.stringify({ environments: [{ id: 'a' }, { id: 'a_2' }, { id: 'a' }, { id: 'a' }, { id: '' }, { id: 'env4' }] }),
    )
    expect(read.environments.map((env) => env.id)).toEqual(['a', 'a_2', 'a_3', 'a_4', 'env4', 'env4_2'])
    const many = readPersistedEnvironments(stored(50))
    const ids = many.environments.flatMap((env) => [env.id, ...env.variables.map((variable) => variable.id)])
    expect(new Set(ids).size).toBe(ids.length)
    expect(many.activeId).toBe('e')
  })

  it('takes time in proportion to their number', () => {
    expect(growthRatio(30, stored, readPersistedEnvironments)).toBeLessThan(LINEAR_RATIO_BOUND)
  })
})
