import { describe, expect, it } from 'vitest'
import { streamKindOf } from './operation'

describe('streamKindOf', () => {
  it('tells subscriptions, incremental queries and plain operations apart', () => {
    expect(streamKindOf('subscription { countdown(from: 3) }')).toEqual({ operationType: 'subscription', incremental: false })
    expect(streamKindOf('{ user(id: 1) { name ... @defer { stats { followers } } } }')).toEqual({ operationType: 'query', incremental: true })
    expect(streamKindOf('query F { feed @stream(initialCount: 1) { id } }')).toEqual({ operationType: 'query', incremental: true })
    expect(streamKindOf('mutation { createPost(title: "a") { id } }')).toEqual({ operationType: 'mutation', incremental: false })
  })

  it('finds @defer in a fragment and picks the named operation among several', () => {
    const doc = 'query A { user(id: 1) { ...F } }\nsubscription B { countdown(from: 2) }\nfragment F on User { name ... @defer { bio } }'
    expect(streamKindOf(doc, 'B')).toEqual({ operationType: 'subscription', incremental: true })
    expect(streamKindOf(doc, 'A')?.operationType).toBe('query')
  })

  it('gives undefined for what the builder reports: syntax errors, unknown or ambiguous operations, hostile nesting', () => {
    expect(streamKindOf('subscription {')).toBeUndefined()
    expect(streamKindOf('query A { a } query B { b }')).toBeUndefined()
    expect(streamKindOf('query A { a }', 'Nope')).toBeUndefined()
    expect(streamKindOf(`{ ${'a { '.repeat(500)}b${' }'.repeat(500)} }`)).toBeUndefined()
    expect(streamKindOf('{ a(s: "@defer") } # @stream')).toEqual({ operationType: 'query', incremental: false })
  })
})
