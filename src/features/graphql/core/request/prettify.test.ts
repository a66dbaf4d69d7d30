import { describe, expect, it } from 'vitest'
import { loadPrettierFormatter, prettifyQuery } from './prettify'

const COMMENTED = `# Who am I?
query Me($id:ID!){ # the signed-in user
  user(id:$id){name,
  # email is private
  email}
}`

describe('prettifyQuery (prettier, loaded on first use)', () => {
  it('keeps every comment (graphiql #555) and formats the rest', async () => {
    expect(await prettifyQuery(COMMENTED)).toEqual({
      ok: true,
      text: '# Who am I?\nquery Me($id: ID!) {\n  # the signed-in user\n  user(id: $id) {\n    name\n    # email is private\n    email\n  }\n}',
    })
  })

  it('is idempotent: formatting its own output changes nothing', async () => {
    for (const query of [COMMENTED, '{a(s:"#not a comment"){b}}', 'fragment F on T{a} query{...F}', '"""doc"""\nquery Q{a}']) {
      const once = await prettifyQuery(query)
      expect(once.ok).toBe(true)
      if (!once.ok) continue
      expect(await prettifyQuery(once.text)).toEqual(once)
    }
  })

  it('gives a located syntax error and does not load prettier for it', async () => {
    let loaded = false
    const result = await prettifyQuery('{\n  user(id: )\n}', {
      loadFormatter: () => {
        loaded = true
        return loadPrettierFormatter()
      },
    })
    expect(result).toEqual({ ok: false, reason: 'syntax', message: 'Unexpected ")".', line: 2, column: 12 })
    expect(loaded).toBe(false)
  })

  it('falls back to graphql-js printing when prettier cannot be loaded, refusing to drop comments', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    expect(await prettifyQuery('{a{b}}', { loadFormatter: offline })).toEqual({ ok: true, text: '{\n  a {\n    b\n  }\n}' })
    expect(await prettifyQuery(COMMENTED, { loadFormatter: offline })).toMatchObject({ ok: false, reason: 'comments', line: 1, column: 1 })
  })

  it('falls back to printing when prettier throws on a document graphql-js accepts', async () => {
    const broken = () => Promise.resolve(() => Promise.reject(new SyntaxError('prettier parser')))
    expect(await prettifyQuery('{a}', { loadFormatter: broken })).toEqual({ ok: true, text: '{\n  a\n}' })
  })
})
