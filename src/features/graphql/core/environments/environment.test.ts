import { describe, expect, it } from 'vitest'
import {
  environmentNameProblem,
  persistableEnvironments,
  readPersistedEnvironments,
  variableLookup,
  variableProblems,
  type Environment,
} from './environment'

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
        { id: 'x_', name: '', variables: [] },
      ],
    })
  })
})
