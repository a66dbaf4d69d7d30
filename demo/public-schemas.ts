/**
 * `/github/graphql` on the GraphQL demo server: answers introspection with GitHub's real public
 * schema, as GitHub publishes it on npm (`@octokit/graphql-schema`, a dev dependency), so the
 * tester can be tried and tested against a schema of that size and with its quirks (it breaks
 * type-system rules that graphql-js 17 checks). It runs no other query: that would need GitHub.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** The route's path. */
export const GITHUB_SCHEMA_PATH = '/github/graphql'

let introspection: Promise<string> | undefined

/** GitHub's introspection result as a GraphQL response body, read once on first use. */
function githubIntrospection(): Promise<string> {
  // The package's exports map does not list the file; it is read where npm puts it.
  introspection ??= readFile(join(process.cwd(), 'node_modules', '@octokit', 'graphql-schema', 'schema.json'), 'utf8').then((text) => {
    const parsed = JSON.parse(text) as Record<string, unknown>
    return JSON.stringify('data' in parsed ? parsed : { data: parsed })
  })
  return introspection
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
  const query = req.method === 'GET' ? (new URL(req.url ?? '/', 'http://demo.invalid').searchParams.get('query') ?? '') : body
  if (!query.includes('__schema')) {
    res.writeHead(200, { 'content-type': json })
    res.end(JSON.stringify({ errors: [{ message: "This demo route serves only GitHub's published schema (introspection); it runs no queries." }] }))
    return true
  }
  const answer = await githubIntrospection()
  res.writeHead(200, { 'content-type': json, 'content-length': Buffer.byteLength(answer) })
  res.end(answer)
  return true
}
