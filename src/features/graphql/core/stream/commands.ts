/**
 * Shell commands for a subscription, like the tester's "copy as curl" for one-shot requests:
 *
 * - SSE: a curl command (`curl -N … -H 'Accept: text/event-stream' …`) built by the shared curl
 *   builder, so quoting, secret headers (`"$AUTHORIZATION"`) and secret environment values
 *   (`"$TOKEN"`, via {@link protectCurlCommand}) behave exactly as everywhere else.
 * - WebSocket: curl cannot speak graphql-transport-ws, so a short Node (ESM) script using the
 *   `graphql-ws` client and the `ws` package, printing each result as one JSON line. Headers travel
 *   in `connectionParams` (the `connection_init` payload); secrets are read from `process.env`.
 */
import { buildCurlCommand, envVarNameForHeader, type CurlCommand, type CurlEnvVar } from '../../../../shared/core/http'
import { protectCurlCommand, type SecretMarker } from '../environments/resolve'
import type { BuiltRequest } from '../request/build'
import type { GraphQLCurlOptions } from '../request/curl'
import { httpUrl, webSocketUrl } from './transport'

/** Options of {@link toSseCurl} and {@link toGraphQLWsNodeSnippet}. */
export interface StreamCommandOptions extends GraphQLCurlOptions {
  /**
   * Secret environment values as they stand in a request built from `curlInputs` (see
   * `resolveRequest`): each becomes a `$NAME` shell reference, or `process.env.NAME` in the snippet.
   * @default []
   */
  secrets?: readonly SecretMarker[]
}

/** The Accept header of an SSE subscription (graphql-sse, "distinct connections" mode). */
export const SSE_ACCEPT = 'text/event-stream'

/** The request's headers with `Accept` (any case) replaced by `accept`, keeping their order. */
function withAccept(headers: Readonly<Record<string, string>>, accept: string): Record<string, string> {
  const out: Record<string, string> = {}
  let replaced = false
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'accept') out[name] = value
    else if (!replaced) {
      out['Accept'] = accept
      replaced = true
    }
  }
  if (!replaced) out['Accept'] = accept
  return out
}

/**
 * A working curl command for a subscription over SSE: `curl -N -sS -X POST '<url>' …
 * -H 'Accept: text/event-stream' --data-raw '<body>'`. `-N` turns off curl's output buffer so each
 * `event: next` prints as it arrives. Secret headers become `"$NAME"`, secret environment values
 * `"$NAME"` too; `envVars` lists what to `export` first.
 *
 * @throws RangeError when the request cannot be expressed as a shell command (see `buildCurlCommand`).
 */
export function toSseCurl(request: BuiltRequest, options: StreamCommandOptions = {}): CurlCommand {
  const command = buildCurlCommand(
    { url: httpUrl(request.url), method: 'POST', headers: withAccept(request.headers, SSE_ACCEPT), body: request.body },
    {
      flags: ['-N', '-sS'],
      ...(options.secretHeaders ? { secretHeaders: options.secretHeaders } : {}),
      ...(options.envVarNames ? { envVarNames: options.envVarNames } : {}),
      ...(options.multiline ? { multiline: true } : {}),
    },
  )
  return options.secrets?.length ? protectCurlCommand(command, options.secrets) : command
}

/** A copyable Node script and the environment variables it reads. */
export interface NodeSnippet {
  /** The script (ES module: save as `.mjs`), ready to run with `node`. */
  code: string
  /** Variables to `export` before running it: secret headers first, then secret environment values. */
  envVars: CurlEnvVar[]
}

interface Secret {
  kind: 'header' | 'plain' | 'bare'
  variable: string
}

/** Writes JSON-like values as JavaScript source, secrets as `process.env` reads. */
class SourceWriter {
  constructor(
    private readonly markers: ReadonlyMap<string, Secret>,
    private readonly pattern: RegExp | undefined,
  ) {}

  /** A string as a JS expression: literal pieces and `process.env.NAME` joined with `+`. */
  string(text: string): string {
    const whole = this.markers.get(text)
    if (whole?.kind === 'bare') return `JSON.parse(process.env.${whole.variable})`
    if (whole?.kind === 'header') return `process.env.${whole.variable}`
    if (!this.pattern) return JSON.stringify(text)
    const pieces = text.split(this.pattern).filter((piece) => piece !== '')
    if (pieces.length === 0) return '""'
    return pieces.map((piece) => (this.markers.has(piece) ? `process.env.${this.markers.get(piece)?.variable ?? ''}` : JSON.stringify(piece))).join(' + ')
  }

  /** Any JSON value, indented by `depth` levels of two spaces. */
  value(value: unknown, depth: number): string {
    if (typeof value === 'string') return this.string(value)
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
    const pad = '  '.repeat(depth + 1)
    const close = '  '.repeat(depth)
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]'
      return `[\n${value.map((item) => `${pad}${this.value(item, depth + 1)},`).join('\n')}\n${close}]`
    }
    const entries = Object.entries(value)
    if (entries.length === 0) return '{}'
    return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${this.value(item, depth + 1)},`).join('\n')}\n${close}}`
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A short Node (ESM) script that runs the operation over GraphQL over WebSocket
 * (`graphql-transport-ws`) with the `graphql-ws` client and `ws`, printing each result as one JSON
 * line and exiting when the server completes (exit code 1 on an error or close). Every header but
 * `Content-Type` and `Accept` (which only HTTP has) goes in `connectionParams`; a secret header's
 * value is `process.env.NAME`, a secret environment value `process.env.NAME` too (parsed as JSON
 * where it stands for a whole variable value).
 */
export function toGraphQLWsNodeSnippet(request: BuiltRequest, options: StreamCommandOptions = {}): NodeSnippet {
  const secretHeaders = new Set((options.secretHeaders ?? []).map((name) => name.toLowerCase()))
  const chosen = new Map(Object.entries(options.envVarNames ?? {}).map(([name, variable]) => [name.toLowerCase(), variable]))
  const used = new Set<string>()
  const unique = (base: string) => {
    let variable = base
    for (let n = 2; used.has(variable); n++) variable = `${base}_${n}`
    used.add(variable)
    return variable
  }
  const envVars: CurlEnvVar[] = []
  const markers = new Map<string, Secret>()
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase()
    if (lower === 'content-type' || lower === 'accept') continue
    if (!secretHeaders.has(lower)) {
      params[name] = value
      continue
    }
    const variable = unique(chosen.get(lower) ?? envVarNameForHeader(name))
    envVars.push({ header: name, variable })
    // A key no input contains stands for the value until the writer turns it into process.env.
    const placeholder = `\u0000header${envVars.length}\u0000`
    markers.set(placeholder, { kind: 'header', variable })
    params[name] = placeholder
  }
  const secrets = options.secrets ?? []
  const texts = [request.url, request.body, ...Object.values(request.headers)]
  for (const secret of secrets) {
    if (!texts.some((text) => text.includes(secret.plain) || text.includes(secret.bare))) continue
    const variable = unique(secret.variable)
    envVars.push({ header: `{{${secret.name}}}`, variable })
    markers.set(secret.plain, { kind: 'plain', variable })
    markers.set(secret.bare, { kind: 'bare', variable })
  }
  const plainMarkers = [...markers].filter(([, secret]) => secret.kind === 'plain').map(([marker]) => escapeRegExp(marker))
  const writer = new SourceWriter(markers, plainMarkers.length ? new RegExp(`(${plainMarkers.join('|')})`) : undefined)

  const body = JSON.parse(request.body) as { query: string; variables?: unknown; operationName?: string }
  // The document as a template literal keeps its lines readable; \, ` and ${ are escaped.
  const query = `\`${body.query.replace(/[\\`]|\$\{/g, (match) => `\\${match}`)}\``
  const operationName = body.operationName ? `\n    operationName: ${JSON.stringify(body.operationName)},` : ''
  const url = webSocketUrl(request.url) ?? request.url
  const code = `// GraphQL over WebSocket (graphql-transport-ws). Needs: npm install graphql-ws ws
// Prints each result as one JSON line; exits when the server completes the operation.
import { createClient } from 'graphql-ws'
import WebSocket from 'ws'

const client = createClient({
  url: ${writer.string(url)},
  webSocketImpl: WebSocket,
  retryAttempts: 0,
  // A WebSocket carries no custom headers: they travel in the connection_init payload.
  connectionParams: ${writer.value(params, 1)},
})

client.subscribe(
  {
    query: ${query},
    variables: ${writer.value(body.variables ?? {}, 2)},${operationName}
  },
  {
    next: (result) => console.log(JSON.stringify(result)),
    error: (error) => {
      console.error(error instanceof Error ? error.message : 'code' in Object(error) ? \`Closed: \${error.code} \${error.reason}\` : JSON.stringify(error))
      process.exitCode = 1
      void client.dispose()
    },
    complete: () => void client.dispose(),
  },
)
`
  return { code, envVars }
}
