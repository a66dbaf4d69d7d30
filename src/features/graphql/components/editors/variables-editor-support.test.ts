import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete'
import { json } from '@codemirror/lang-json'
import { EditorState } from '@codemirror/state'
import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import type { VariablesContext } from '@/features/graphql/core/schema'
import { variablesCompletionSource } from './variables-editor-support'

const schema = buildSchema(`
  enum Role { ADMIN, VIEWER, GHOST @deprecated(reason: "Gone.") }
  input NewUser { "Shown to others" name: String!, role: Role = VIEWER }
  type Query { users(role: Role, limit: Int): [String] }
  type Mutation { add(input: NewUser!): String }
`)
const request: VariablesContext = { schema, document: 'mutation M($input: NewUser!, $dry: Boolean) { add(input: $input) }', operationName: undefined }

/** Runs the source with the cursor at `|`. */
function complete(marked: string, explicit = true, context: VariablesContext | null = request): CompletionResult | null {
  const pos = marked.indexOf('|')
  const state = EditorState.create({ doc: marked.replace('|', ''), extensions: [json()] })
  return variablesCompletionSource(() => context ?? undefined)(new CompletionContext(state, pos, explicit)) as CompletionResult | null
}

describe('variablesCompletionSource', () => {
  it('offers the declared variables with their types, adding the colon', () => {
    const result = complete('{\n  |\n}')
    expect(result?.options.map((o) => [o.label, o.detail, o.apply])).toEqual([
      ['"input"', 'NewUser!', '"input": '],
      ['"dry"', 'Boolean', '"dry": '],
    ])
    expect(result?.from).toBe(4)
  })

  it('replaces a whole key being edited, keeping its colon', () => {
    const result = complete('{"in|put": 1}')
    expect(result).toMatchObject({ from: 1, to: 8 })
    expect(result?.options[0]?.apply).toBe('"input"')
  })

  it("offers an input object's fields, and enum values in the field's type", () => {
    expect(complete('{"input": {"|')?.options.map((o) => o.label)).toEqual(['"name"', '"role"'])
    const values = complete('{"input": {"role": "|"}}')
    expect(values?.options.map((o) => [o.label, o.detail])).toEqual([
      ['"ADMIN"', 'Role'],
      ['"VIEWER"', 'Role'],
      ['"GHOST"', 'Role'],
      ['null', 'Role'],
    ])
    expect(complete('{"input": {"role": "vi|"}}')?.options.map((o) => o.label)).toEqual(['"VIEWER"'])
    expect(complete('{"input": {"ro|')?.options.map((o) => o.label)).toEqual(['"role"'])
    expect(complete('{"dry": |')?.options.map((o) => o.label)).toEqual(['true', 'false', 'null'])
  })

  it('stays quiet without a schema, while nothing is typed (unless asked), and where nothing fits', () => {
    expect(complete('{|', true, null)).toBeNull()
    expect(complete('{|', false)).toBeNull()
    expect(complete('{"|', false)?.options).toHaveLength(2)
    expect(complete('{"input": {"name": |')).toBeNull()
    expect(complete('{"input" |')).toBeNull()
    expect(complete('{"zz|')).toBeNull()
  })
})
