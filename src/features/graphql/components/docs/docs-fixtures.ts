/** Schemas for the docs explorer stories: a small hand-written one, and a GitHub-sized generated one. */
import { markRaw } from 'vue'
import { docsModel, generateLargeSDL, schemaFromSDL, type DocsIndex } from '../../core/schema'

/**
 * Every kind the explorer shows: descriptions (one long, Markdown, with HTML that must stay text),
 * deprecated fields, arguments and enum values, an interface, a union, enums, input objects with
 * defaults, a custom scalar with @specifiedBy, and query, mutation and subscription roots.
 */
export const SMALL_SDL = `
"""
An ISO-8601 date and time, such as \`2026-01-15T12:00:00Z\`.
"""
scalar DateTime @specifiedBy(url: "https://scalars.graphql.org/andimarek/date-time")

"""An object with a globally unique ID."""
interface Node {
  """The globally unique ID."""
  id: ID!
}

"""Someone who can sign in."""
type User implements Node {
  id: ID!
  """The name shown on the user's profile."""
  name: String!
  email: String
  role: Role!
  """Posts the user wrote, newest first."""
  posts(
    """How many posts to return, at most 100."""
    first: Int = 10
    """Return the posts after this cursor."""
    after: String
    orderBy: PostOrder = {field: CREATED_AT, direction: DESC}
    """Only posts in this state."""
    status: PostStatus @deprecated(reason: "Filter with \`orderBy\` instead.")
  ): [Post!]!
  username: String @deprecated(reason: "Use \`name\`.")
  createdAt: DateTime!
}

"""A blog post."""
type Post implements Node {
  id: ID!
  title: String!
  body: String
  author: User!
  status: PostStatus!
  tags: [String!]!
  publishedAt: DateTime
  legacyId: Int @deprecated
}

"""
What happened, when and by whom — kept for a year.

Audit entries are **immutable**: once written they are never changed, only deleted when they expire.
See https://example.com/docs/audit-log/retention-policy-and-legal-hold-exceptions-for-enterprise-accounts for the
retention rules.

\`\`\`graphql
{ auditLog(first: 5) { action actor { name } at } }
\`\`\`

<script>alert("descriptions are data, never HTML")</script> <b>not bold</b>
"""
type AuditEntry {
  """What was done, e.g. \`post.publish\`. Long enough that it wraps onto a second line in a narrow panel, which the row clamps to two lines while the field's own view shows all of it."""
  action: String!
  actor: User
  at: DateTime!
}

"""What a user may do."""
enum Role {
  """Reads only."""
  VIEWER
  """Writes posts."""
  EDITOR
  ADMIN
  OWNER @deprecated(reason: "Owners are admins now.")
}

"""Where a post is in its life."""
enum PostStatus {
  DRAFT
  PUBLISHED
  ARCHIVED @deprecated(reason: "Archived posts are deleted after 30 days; use DELETED.")
  DELETED
}

enum SortDirection {
  ASC
  DESC
}

enum PostOrderField {
  CREATED_AT
  TITLE
}

"""How to order posts."""
input PostOrder {
  field: PostOrderField!
  direction: SortDirection = ASC
}

"""The fields of a new post."""
input CreatePostInput {
  title: String!
  body: String
  """Up to 10 tags."""
  tags: [String!] = []
  publish: Boolean = false
}

"""Anything a search can find."""
union SearchResult = User | Post

"""The query root."""
type Query {
  """The signed-in user, or null when signed out."""
  viewer: User
  """Looks a user up by ID."""
  user(id: ID!): User
  users(first: Int = 20, role: Role): [User!]!
  post(id: ID!): Post
  """Full-text search over users and posts."""
  search(query: String!, first: Int = 10): [SearchResult!]!
  node(id: ID!): Node
  auditLog(first: Int = 20): [AuditEntry!]!
}

"""The mutation root."""
type Mutation {
  """Creates a post as the signed-in user."""
  createPost(input: CreatePostInput!): Post!
  deletePost(id: ID!): Boolean!
  publishPost(id: ID!): Post @deprecated(reason: "Use \`createPost(input: {publish: true})\`.")
}

type Subscription {
  """A post was published (by this author, if given)."""
  postPublished(authorId: ID): Post!
}
`

// markRaw: the model is plain data; Vue must not wrap its 1,500-entry Map in reactive proxies.
let small: DocsIndex | undefined
let large: DocsIndex | undefined

/** The small schema's docs model (built once). */
export function smallIndex(): DocsIndex {
  small ??= markRaw(docsModel(schemaFromSDL(SMALL_SDL)))
  return small
}

/** A GitHub-sized schema (1,500 generated types + built-ins), built once on first use. */
export function largeIndex(): DocsIndex {
  large ??= markRaw(docsModel(schemaFromSDL(generateLargeSDL(1500))))
  return large
}
