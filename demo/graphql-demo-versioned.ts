/**
 * `/versioned/<name>/graphql` on the GraphQL demo server: a small library API whose schema can be
 * switched to its next version, as a deployed API changes under its saved queries. Version 1 has
 * `Book.isbn`; version 2 removes it (a breaking change) and adds `Book.subtitle` (a safe one). Each
 * `<name>` keeps its own version, so tests running side by side do not switch each other's.
 *
 * - `POST /versioned/<name>/schema-version?v=2` (or `v=1`) switches `<name>`'s schema; answers `{"version":2}`
 * - `GET /versioned/<name>/schema-version` tells the current one
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createSchema, createYoga } from 'graphql-yoga'
import { answerWithYoga } from './graphql-demo-yoga-defer.ts'

/** The routes' prefix. */
export const VERSIONED_PREFIX = '/versioned/'

const books = [
  { id: '1', title: 'The Left Hand of Darkness', isbn: '978-0441478125', subtitle: null },
  { id: '2', title: 'A Wizard of Earthsea', isbn: '978-0547773742', subtitle: 'Earthsea Cycle 1' },
]

const typeDefs = {
  1: /* GraphQL */ `
    "A book in the library."
    type Book {
      id: ID!
      title: String!
      "The book's ISBN-13."
      isbn: String
    }
    type Query {
      books: [Book!]!
      book(id: ID!): Book
    }
  `,
  2: /* GraphQL */ `
    "A book in the library."
    type Book {
      id: ID!
      title: String!
      subtitle: String
    }
    type Query {
      books: [Book!]!
      book(id: ID!): Book
    }
  `,
} as const

type Version = keyof typeof typeDefs

function yogaFor(version: Version) {
  return createYoga({
    schema: createSchema({ typeDefs: typeDefs[version], resolvers: { Query: { books: () => books, book: (_: unknown, { id }: { id: string }) => books.find((b) => b.id === id) ?? null } } }),
    // CORS is answered by the demo server for every route alike.
    cors: false,
    graphiql: false,
    landingPage: false,
    logging: false,
    maskedErrors: true,
    // Any path: the route's name is in it.
    graphqlEndpoint: '*',
  })
}

/** The versioned routes of one demo server: answers `req` when its path is one of them. */
export function versionedRoutes() {
  const yogas = { 1: yogaFor(1), 2: yogaFor(2) }
  const versions = new Map<string, Version>()
  return (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<void> | undefined => {
    const match = /^\/versioned\/([\w-]{1,64})\/(graphql|schema-version)$/.exec(url.pathname)
    if (!match) return undefined
    const [, name = '', route] = match
    if (route === 'schema-version') {
      if (req.method === 'POST') {
        const asked = url.searchParams.get('v')
        if (asked !== '1' && asked !== '2') {
          res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' })
          res.end(JSON.stringify({ error: 'Ask for ?v=1 or ?v=2' }))
          return Promise.resolve()
        }
        versions.set(name, Number(asked) as Version)
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ version: versions.get(name) ?? 1 }))
      return Promise.resolve()
    }
    return answerWithYoga(yogas[versions.get(name) ?? 1], req, res, url, body)
  }
}

/** Switches `<name>`'s schema on the demo server at `origin` (for tests). */
export async function switchSchemaVersion(origin: string, name: string, version: Version): Promise<void> {
  const response = await fetch(`${origin}${VERSIONED_PREFIX}${name}/schema-version?v=${version}`, { method: 'POST' })
  if (!response.ok) throw new Error(`The demo server refused the switch: ${response.status}`)
}
