/**
 * GitHub's real public schema, as GitHub publishes it on npm (`@octokit/graphql-schema`, a dev
 * dependency), served locally so the tester (and other clients, for the peer benchmark) can be
 * tried against a schema of that size and with its quirks (it breaks type-system rules that
 * graphql-js 17 checks). Introspection gets the published result as it is; any other query runs
 * against the schema with mocked resolvers (each scalar a fixed sample, each list one item, each
 * abstract type its first possible type), since the real data would need GitHub.
 *
 * Mounted at `/github/graphql` on the GraphQL demo server, and runnable on its own:
 *
 *   npx tsx demo/public-schemas.ts --port 4455 [--host 127.0.0.1]
 */
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  buildClientSchema,
  execute,
  getNamedType,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isScalarType,
  parse,
  validate,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  type IntrospectionQuery,
} from 'graphql'

/** The route's path. */
export const GITHUB_SCHEMA_PATH = '/github/graphql'

let introspection: Promise<{ text: string; schema: GraphQLSchema }> | undefined

/** GitHub's introspection result as a GraphQL response body, and the schema built from it, made once on first use. */
function github(): Promise<{ text: string; schema: GraphQLSchema }> {
  // The package's exports map does not list the file; it is read where npm puts it.
  introspection ??= readFile(join(process.cwd(), 'node_modules', '@octokit', 'graphql-schema', 'schema.json'), 'utf8').then((text) => {
    const parsed = JSON.parse(text) as Record<string, unknown>
    const response = ('data' in parsed ? parsed : { data: parsed }) as { data: IntrospectionQuery }
    // assumeValid: graphql-js 17 finds rules GitHub's schema breaks, and would refuse to execute on it.
    return { text: JSON.stringify(response), schema: buildClientSchema(response.data, { assumeValid: true }) }
  })
  return introspection
}

const SAMPLES: Record<string, unknown> = { Int: 1, Float: 1.5, Boolean: true, ID: 'MDQ6VXNlcjE=', DateTime: '2026-01-01T00:00:00Z', URI: 'https://github.com/octocat' }

/** A sample value of `type`: a list of one, an object to resolve further, a scalar or the enum's first value. */
function mock(type: GraphQLOutputType, fieldName: string): unknown {
  if (isNonNullType(type)) return mock(type.ofType, fieldName)
  if (isListType(type)) return [mock(type.ofType, fieldName)]
  const named = getNamedType(type)
  if (isScalarType(named)) return SAMPLES[named.name] ?? (fieldName === 'login' ? 'octocat' : `${fieldName} sample`)
  if (isEnumType(named)) return named.getValues()[0]?.value
  return {}
}

const mockField: GraphQLFieldResolver<unknown, unknown> = (_source, _args, _context, info) => mock(info.returnType, info.fieldName)
const mockType: GraphQLTypeResolver<unknown, unknown> = (_value, _context, info, abstract) =>
  isAbstractType(abstract) ? info.schema.getPossibleTypes(abstract)[0]?.name : undefined

/** The answer to a GraphQL request body (`{query, variables, operationName}`), as JSON text. */
export async function answerGithub(body: { query?: unknown; variables?: unknown; operationName?: unknown }): Promise<string> {
  const query = typeof body.query === 'string' ? body.query : ''
  const { text, schema } = await github()
  if (query.includes('__schema')) return text
  let document
  try {
    document = parse(query)
  } catch (error) {
    return JSON.stringify({ errors: [{ message: error instanceof Error ? error.message : String(error) }] })
  }
  const errors = validate(schema, document)
  if (errors.length > 0) return JSON.stringify({ errors })
  const result = await execute({
    schema,
    document,
    variableValues: typeof body.variables === 'object' && body.variables !== null ? (body.variables as Record<string, unknown>) : undefined,
    operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
    fieldResolver: mockField,
    typeResolver: mockType,
  })
  return JSON.stringify(result)
}

/**
 * Answers `req` when it is for {@link GITHUB_SCHEMA_PATH}; returns whether it did.
 *
 * @param path - the request's path.
 * @param body - the request body, read by the caller.
 */
export async function servePublicSchema(path: string, req: IncomingMessage, res: ServerResponse, body: string): Promise<boolean> {
  if (path !== GITHUB_SCHEMA_PATH) return false
  const json = 'application/json; charset=utf-8'
  if (req.method !== 'POST' && req.method !== 'GET') {
    res.writeHead(405, { allow: 'GET, POST', 'content-type': json })
    res.end(JSON.stringify({ errors: [{ message: 'Use POST or GET.' }] }))
    return true
  }
  let request: { query?: unknown; variables?: unknown; operationName?: unknown }
  if (req.method === 'GET') {
    const params = new URL(req.url ?? '/', 'http://demo.invalid').searchParams
    const variables = params.get('variables')
    request = { query: params.get('query') ?? '', variables: variables ? (JSON.parse(variables) as unknown) : undefined, operationName: params.get('operationName') ?? undefined }
  } else {
    try {
      request = JSON.parse(body) as typeof request
    } catch {
      res.writeHead(400, { 'content-type': json })
      res.end(JSON.stringify({ errors: [{ message: 'The body is not JSON.' }] }))
      return true
    }
  }
  const answer = await answerGithub(request)
  res.writeHead(200, { 'content-type': json, 'content-length': Buffer.byteLength(answer) })
  res.end(answer)
  return true
}

/** Starts a server with only GitHub's schema, at `/github/graphql` and at `/graphql`, open to every origin. */
export function startGithubSchemaServer(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', '*')
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    const path = new URL(req.url ?? '/', 'http://demo.invalid').pathname
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void servePublicSchema(path === '/graphql' ? GITHUB_SCHEMA_PATH : path, req, res, Buffer.concat(chunks).toString('utf8')).then((served) => {
        if (!served) res.writeHead(404).end()
      }, () => res.destroy())
    })
  })
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name)
    return at > 0 ? process.argv[at + 1] : undefined
  }
  const port = Number(arg('--port') ?? 4455)
  const host = arg('--host') ?? '127.0.0.1'
  void startGithubSchemaServer(port, host).then(() => console.log(`GitHub's public schema (mocked resolvers) at http://${host}:${port}/graphql`))
}
