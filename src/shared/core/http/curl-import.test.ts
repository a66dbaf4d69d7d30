import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCurlCommand, looksLikeCurl, type CurlRequest } from './curl'
import { MAX_NOTES, parseCurl } from './curl-import'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

/** The request a command sends, or the refusal's message (fails the test with it otherwise). */
function imported(command: string) {
  const result = parseCurl(command)
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  return result
}
function refusal(command: string): string {
  const result = parseCurl(command)
  if (result.ok) throw new Error(`imported: ${JSON.stringify(result.request)}`)
  return result.message
}

// Fragments that break naive splitters: quotes, expansions, escapes, option look-alikes, unicode.
const NASTY = [
  "'", '"', '$(', ')', '$(id)', '`', '`echo pwned`', '\\', '\\\\', "'\\''", '$HOME', '${PATH}', '$', '!', '#', ';', '|',
  '&&', '-d', '--data', '@', '@-', '\t', 'é', '中文', '😀', '\u00a0', '\u2028', ' \\\n', ' ^\n',
]
const nasty = fc.constantFrom(...NASTY)
const text = (extra: fc.Arbitrary<string>[] = []) =>
  fc.array(fc.oneof(nasty, fc.string({ unit: 'grapheme' }), ...extra), { maxLength: 8 }).map((parts) => parts.join('').replaceAll('\u0000', ''))
const body = fc.tuple(fc.boolean(), text([fc.constantFrom('\n', '\r\n', '\n\n')])).map(([at, rest]) => (at ? `@${rest}` : rest))
const headerValue = text().map((v) => v.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '').replace(/^[ \t]+/, ''))
const headerName = fc.string({ unit: fc.constantFrom(...("!#$%&'*+-.^_`|~abcXYZ019" as string)), minLength: 1, maxLength: 6 })
const URL_CHARS = [..."'\"$()`\\@!*+,;=:~-_[]{}|^.abc019/?&", '%C3%A9', '/./', '/../', 'é', ' ']
const url = fc
  .tuple(fc.constantFrom('https://api.example.test', 'http://127.0.0.1:4000', 'http://[::1]:8080'), fc.string({ unit: fc.constantFrom(...URL_CHARS), maxLength: 16 }))
  .map(([origin, path]) => `${origin}/${path}`.replace(/[\r\n]/g, ''))

describe('parseCurl(toCurl(request)) gives the request back', () => {
  it('for any URL, method, headers and body (property)', () => {
    fc.assert(
      fc.property(
        url,
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.array(fc.tuple(headerName, headerValue), { maxLength: 4 }),
        fc.option(body, { nil: undefined }),
        fc.boolean(),
        (requestUrl, method, headers, requestBody, multiline) => {
          const request: CurlRequest = { url: requestUrl, method, headers }
          if (requestBody !== undefined) request.body = requestBody
          const { request: back } = imported(buildCurlCommand(request, { multiline }).command)
          expect(back).toEqual(request)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('reads --url for a URL that starts with "-", adding the scheme curl assumes', () => {
    const result = imported(buildCurlCommand({ url: '-weird.example/', method: 'GET', headers: [] }).command)
    expect(result.request.url).toBe('http://-weird.example/')
    expect(result.notes).toEqual(['The URL has no scheme; curl assumes http://, so did the import: http://-weird.example/'])
  })

  it('turns secret headers ("$VAR" references) into empty secret headers and says so', () => {
    const command = buildCurlCommand(
      { url: 'https://api.example.test/graphql', method: 'POST', headers: [['Authorization', 'Bearer x'], ['X-Api-Key', 'k'], ['X-Trace', '1']], body: '{}' },
      { secretHeaders: ['Authorization', 'x-api-key'], multiline: true },
    ).command
    const result = imported(command)
    expect(result.request.headers).toEqual([['Authorization', ''], ['X-Api-Key', ''], ['X-Trace', '1']])
    expect(result.placeholders).toEqual([{ header: 'Authorization', variable: 'AUTHORIZATION' }, { header: 'X-Api-Key', variable: 'X_API_KEY' }])
    expect(result.secretHeaders).toEqual(['Authorization', 'X-Api-Key'])
    expect(result.notes[0]).toBe('Authorization comes from the shell variable $AUTHORIZATION, which is not in the command: imported as a secret header with an empty value; type its value in the Headers tab.')
  })
})

describe('real commands', () => {
  it('Chrome "Copy as cURL (bash)": $\'…\' quoting, -b cookies, continuations', () => {
    const chrome = String.raw`curl 'https://countries.trevorblades.com/graphql' \
  -H 'accept: */*' \
  -H 'accept-language: en-US,en;q=0.9' \
  -H 'authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig' \
  -H 'content-type: application/json' \
  -b 'session=abc123; theme=dark' \
  -H 'origin: https://studio.apollographql.com' \
  -H 'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"' \
  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64)' \
  --data-raw $'{"query":"query Countries {\\n  countries {\\n    code # it\'s short\\n  }\\n}","operationName":"Countries"}'`
    const result = imported(chrome)
    expect(result.request.url).toBe('https://countries.trevorblades.com/graphql')
    expect(result.request.method).toBe('POST')
    expect(JSON.parse(result.request.body!)).toEqual({ query: "query Countries {\n  countries {\n    code # it's short\n  }\n}", operationName: 'Countries' })
    expect(result.request.headers).toContainEqual(['sec-ch-ua', '"Chromium";v="131", "Not_A Brand";v="24"'])
    expect(result.request.headers).toContainEqual(['Cookie', 'session=abc123; theme=dark'])
    expect(result.secretHeaders).toEqual(['authorization', 'Cookie'])
    expect(result.notes).toEqual([])
  })

  it('Firefox "Copy as cURL (POSIX)": --compressed and -X after the URL', () => {
    const firefox = `curl 'http://localhost:4000/graphql' --compressed -X POST -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' -H 'Accept: application/graphql-response+json, application/json' -H 'Content-Type: application/json' -H 'X-Api-Key: demo-key-123' -H 'Connection: keep-alive' --data-raw '{"query":"{ hello }"}'`
    const result = imported(firefox)
    expect(result.request).toMatchObject({ url: 'http://localhost:4000/graphql', method: 'POST', body: '{"query":"{ hello }"}' })
    expect(result.secretHeaders).toEqual(['X-Api-Key'])
    expect(result.notes).toEqual(['--compressed: ignored, the browser negotiates compression itself.'])
  })

  it('docs examples: --json, -u, bundled short options, a $ prompt, GET query parameters', () => {
    const json = imported(`$ curl -sSL --json '{"query":"{ me { id } }"}' https://api.example.com/graphql`)
    expect(json.request).toEqual({
      url: 'https://api.example.com/graphql',
      method: 'POST',
      headers: [['Content-Type', 'application/json'], ['Accept', 'application/json']],
      body: '{"query":"{ me { id } }"}',
    })
    expect(json.notes).toEqual(['-L: ignored, fetch follows redirects itself.'])
    const basic = imported(`curl -XPOST -u 'ann:pa:ss' -H"X-Trace: 1" -d'{"query":"{a}"}' api.example.com/graphql`)
    expect(basic.request.headers).toEqual([['Authorization', `Basic ${btoa('ann:pa:ss')}`], ['X-Trace', '1']])
    expect(basic.request.url).toBe('http://api.example.com/graphql')
    expect(basic.secretHeaders).toEqual(['Authorization'])
    const get = imported(`curl -G https://api.example.com/graphql --data-urlencode 'query={ user(id: "1") { name } }' -d operationName=Q`)
    expect(get.request).toEqual({ url: 'https://api.example.com/graphql?query=%7b+user%28id%3a+%221%22%29+%7b+name+%7d+%7d&operationName=Q', method: 'GET', headers: [] })
  })

  it('double quotes keep their four escapes; backslash-CRLF continues a line', () => {
    const result = imported('curl "https://a.test/\\$x" \\\r\n -H "X-Q: \\"q\\" \\\\ \\n"')
    expect(result.request).toEqual({ url: 'https://a.test/$x', method: 'GET', headers: [['X-Q', '"q" \\ \\n']] })
  })

  it('ANSI-C escapes: octal, hex, \\u, \\U, \\c', () => {
    expect(imported(`curl https://a.test --data-raw $'\\101\\x42\\u00e9\\U0001F600\\cA\\t\\''`).request.body).toBe("ABé😀\u0001\t'")
    // Byte escapes in a row are UTF-8, as a UTF-8 terminal shows them.
    expect(imported(`curl https://a.test --data-raw $'\\xc3\\xa9\\303\\251\\xz'`).request.body).toBe('éé\\xz')
  })
})

describe('refusals say what and why', () => {
  it('a body read from a file or stdin', () => {
    expect(refusal('curl https://a.test -d @body.json')).toBe('-d @body.json reads the body from the file "body.json", which a web page cannot read: paste the body itself (with --data-raw \'…\').')
    expect(refusal('curl https://a.test --data-binary @-')).toMatch(/^--data-binary @- reads the body from standard input/)
    expect(refusal('curl https://a.test --json @q.json')).toMatch(/^--json @q.json reads the body from the file "q.json"/)
    expect(refusal('curl https://a.test --data-urlencode query@q.graphql')).toMatch(/reads from the file "q.graphql"/)
  })

  it('command substitution, with where it is', () => {
    expect(parseCurl('curl https://a.test \\\n  -H "X: $(cat token)"')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Command substitution \(\$\(…\) or backticks\) would run a program/),
      line: 2,
      column: 10,
    })
    expect(parseCurl('curl https://a.test -d `cat q`')).toMatchObject({ ok: false, line: 1, column: 24 })
  })

  it('a variable inside a value, named', () => {
    expect(refusal('curl "$BASE/graphql"')).toBe('The URL uses the shell variable $BASE, whose value only your shell knows: replace it with the value (single-quoted).')
    expect(refusal('curl https://a.test -H "Authorization: Bearer $TOKEN"')).toMatch(/^The header "Authorization" uses the shell variable \$TOKEN/)
    expect(refusal('curl https://a.test -d "{\\"a\\":\\"${X}\\"}"')).toMatch(/^The body \(-d\) uses the shell variable \$X/)
    expect(refusal('curl https://a.test -d "$1"')).toMatch(/^"\$1" needs a running shell/)
  })

  it('non-curl input, no URL, pipes, a second command, unclosed quotes, Windows cmd, forms', () => {
    expect(refusal('')).toMatch(/^Paste a curl command/)
    expect(refusal('wget https://a.test')).toBe('This is not a curl command: it starts with "wget", not "curl".')
    expect(refusal('https://a.test/graphql')).toMatch(/^This is not a curl command/)
    expect(refusal('curl -H "X: 1"')).toBe('The command has no URL: add the endpoint after curl.')
    expect(refusal('curl https://a.test | jq .')).toMatch(/^"\|" is a shell operator/)
    expect(parseCurl('curl https://a.test\n-H "X: 1"')).toMatchObject({ ok: false, line: 2, column: 1, message: expect.stringMatching(/^A second command starts here/) })
    expect(parseCurl("curl 'https://a.test")).toMatchObject({ ok: false, message: 'This single quote is never closed.', line: 1, column: 6 })
    expect(refusal('curl ^"https://a.test^" ^\n  -H ^"x: y^"')).toMatch(/Copy as cURL \(bash\)/)
    expect(refusal('curl https://a.test -F file=@a.png')).toMatch(/^--form sends a multipart form/)
    expect(refusal('curl https://a.test -H')).toBe('-H needs a value after it.')
  })

  it('recognises a pasted curl command', () => {
    expect(looksLikeCurl('  curl https://a.test')).toBe(true)
    expect(looksLikeCurl('$ curl -sS x')).toBe(true)
    expect(looksLikeCurl('curling.example.com')).toBe(false)
    expect(looksLikeCurl('https://a.test/curl ')).toBe(false)
  })
})

// Megabyte inputs: seconds on a busy machine, more than the default 5 s per test.
describe('hostile commands: linear, and every message quotes words short', { timeout: 60_000 }, () => {
  const notesOf = (command: string) => {
    const result = parseCurl(command)
    if (!result.ok) throw new Error(result.message)
    return result.notes
  }

  it('trailing newlines take time in proportion to their number', () => {
    const command = (n: number) => `curl https://a.test/graphql${'\n'.repeat(n)}`
    expect(parseCurl(command(1000))).toMatchObject({ ok: true, request: { url: 'https://a.test/graphql' } })
    expect(growthRatio(5000, command, parseCurl)).toBeLessThan(LINEAR_RATIO_BOUND)
  })

  it('a megabyte word is quoted by its start and length, in notes and in refusals', () => {
    const huge = '\\'.repeat(500_000)
    const longest = (texts: string[]) => Math.max(...texts.map((t) => t.length))
    expect(notesOf(`curl https://a.test ${huge}`)).toEqual([`Only the first URL is imported; ${'\\'.repeat(60)}… (250,000 characters) ignored.`])
    expect(longest(notesOf(`curl https://a.test --${'x'.repeat(1_000_000)}`))).toBeLessThan(300)
    for (const command of [`curl -H '${'x'.repeat(1_000_000)}' https://a.test`, `curl -d @${'f'.repeat(1_000_000)} https://a.test`, `curl -b ${'c'.repeat(1_000_000)} https://a.test`]) {
      const result = parseCurl(command)
      expect(result.ok).toBe(false)
      expect(result.ok ? '' : result.message.length).toBeLessThan(300)
    }
  })

  it('100,000 unknown options: one note names the first five and counts the rest', () => {
    const options = Array.from({ length: 100_000 }, (_, i) => `--unknown-${i}`).join(' ')
    expect(notesOf(`curl https://a.test ${options} -QjZ`)).toEqual([
      '--unknown-0, --unknown-1, --unknown-2, --unknown-3, --unknown-4 and 99,998 more are not options the importer knows: ignored.',
    ])
    expect(notesOf('curl https://a.test -Q')).toEqual(['-Q is not an option the importer knows: ignored.'])
    expect(notesOf('curl https://a.test -Q --frob -Q')).toEqual(['-Q and --frob are not options the importer knows: ignored.'])
  })

  it('notes say each thing once, and at most a screenful', () => {
    expect(notesOf(`curl https://a.test ${'--compressed '.repeat(1000)}`)).toEqual(['--compressed: ignored, the browser negotiates compression itself.'])
    const headers = Array.from({ length: 1000 }, (_, i) => `-H 'X-${i}:'`).join(' ')
    const notes = notesOf(`curl https://a.test ${headers}`)
    expect(notes).toHaveLength(MAX_NOTES)
    expect(notes.at(-1)).toBe('And 981 more notes like these.')
  })
})
