import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildGraphQLRequest, toCurl } from './request'
import { tabRequestFromCurl } from './curl-import'

function imported(command: string) {
  const result = tabRequestFromCurl(command)
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  return result
}

describe('tabRequestFromCurl', () => {
  it('gives back what our own "Copy as curl" sent: endpoint, query, variables, operation, headers (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', "'", '"', '$(id)', '`', '\\', '\n', 'é', '😀', '#') })
    fc.assert(
      fc.property(text, text, fc.boolean(), (comment, value, withVariables) => {
        const query = `# ${comment.replaceAll('\n', ' ')}\nquery Q($v: String) { echo(value: $v) }\nquery Other { a }`
        const trace = value.replace(/[^\x20-\x7e]/g, '').trim() || 't'
        const variables = withVariables ? JSON.stringify({ v: value }, null, 2) : ''
        const built = buildGraphQLRequest({
          endpoint: 'http://127.0.0.1:4000/graphql?tenant=a',
          query,
          variables,
          operationName: 'Q',
          headers: `Authorization: Bearer secret-token\nX-Trace: ${trace}`,
        })
        const result = imported(toCurl(built, { secretHeaders: ['Authorization'], multiline: true }))
        expect(result.request).toEqual({
          endpoint: 'http://127.0.0.1:4000/graphql?tenant=a',
          query,
          variables,
          operationName: 'Q',
          timeout: '',
          headers: [
            { name: 'Authorization', value: '', secret: true },
            { name: 'X-Trace', value: trace, secret: false },
          ],
        })
        expect(result.notes).toEqual([expect.stringMatching(/^Authorization comes from the shell variable \$AUTHORIZATION/)])
      }),
      { numRuns: 100 },
    )
  })

  it('reads a Chrome DevTools copy: secret credentials, browser headers left out and named', () => {
    const result = imported(String.raw`curl 'https://api.example.com/graphql' \
  -H 'accept: */*' \
  -H 'authorization: Bearer abc.def' \
  -H 'content-type: application/json' \
  -b 'session=1' \
  -H 'origin: https://app.example.com' \
  -H 'sec-fetch-mode: cors' \
  -H 'user-agent: Mozilla/5.0' \
  -H 'x-request-id: 42' \
  --data-raw $'{"query":"query Me {\\n  me { id }\\n}","variables":{"a":[1,2]},"operationName":"Me"}'`)
    expect(result.request).toEqual({
      endpoint: 'https://api.example.com/graphql',
      query: 'query Me {\n  me { id }\n}',
      variables: '{\n  "a": [\n    1,\n    2\n  ]\n}',
      operationName: 'Me',
      timeout: '',
      headers: [
        { name: 'authorization', value: 'Bearer abc.def', secret: true },
        { name: 'Cookie', value: 'session=1', secret: true },
        { name: 'x-request-id', value: '42', secret: false },
      ],
    })
    expect(result.notes).toEqual(['Left out headers the browser sets itself: origin, sec-fetch-mode and user-agent.'])
  })

  it('reads a GET: query, variables and operation from the URL, which keeps its other parameters', () => {
    const result = imported(`curl -G https://a.test/graphql --data-urlencode 'query={ a }' --data-urlencode 'variables={"x":1}' -d operationName=A -d v=2`)
    expect(result.request).toMatchObject({ endpoint: 'https://a.test/graphql?v=2', query: '{ a }', variables: '{\n  "x": 1\n}', operationName: 'A' })
  })

  it('refuses what is not a GraphQL request, saying why', () => {
    expect(tabRequestFromCurl(`curl https://a.test -d 'a=1'`)).toMatchObject({ ok: false, message: expect.stringMatching(/^The body is not JSON \(.*line 1, column 1\)/) })
    expect(tabRequestFromCurl(`curl https://a.test --json '[{"query":"{a}"},{"query":"{b}"}]'`)).toEqual({ ok: false, message: 'The body is a batch of 2 operations; import them one at a time.' })
    expect(tabRequestFromCurl(`curl https://a.test --json '{"extensions":{"persistedQuery":{}}}'`)).toMatchObject({ ok: false, message: expect.stringMatching(/no "query" string/) })
    expect(tabRequestFromCurl('curl https://a.test -d @-')).toMatchObject({ ok: false, message: expect.stringMatching(/standard input/) })
  })

  it('notes an unusual method and a missing query', () => {
    expect(imported(`curl -X PUT https://a.test/graphql --json '{"query":"{a}"}'`).notes).toEqual(['The command used PUT; the tester sends POST.'])
    expect(imported('curl https://a.test/graphql').notes).toEqual(['The command sends no GraphQL query: write one in the editor.'])
  })
})
