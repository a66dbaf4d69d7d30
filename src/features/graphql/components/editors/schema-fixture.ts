/** A small schema for the editor stories: descriptions, arguments and a deprecated field. */
import { schemaFromSDL } from '../../core/schema'

export const STORY_SDL = `
"""A person with an account."""
type User {
  id: ID!
  """The name shown on the profile."""
  name: String
  """Primary email address."""
  email: String @deprecated(reason: "Use contactEmail.")
  contactEmail: String
  """Posts written by the user, newest first."""
  posts(first: Int = 10): [Post!]!
}

"""A blog post."""
type Post {
  id: ID!
  title: String!
  body: String
}

type Query {
  """Find one user by id."""
  user(id: ID!): User
  """Every user, for admins."""
  users: [User!]!
}
`

export const storySchema = schemaFromSDL(STORY_SDL)
