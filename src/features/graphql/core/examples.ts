/**
 * Example requests of the GraphQL tester, written against the demo server's schema
 * (demo/graphql-demo-schema.ts) but meaningful for any endpoint as templates.
 */

/** One entry of the example picker. */
export interface ExampleRequest {
  id: string
  /** Shown in the picker. */
  label: string
  query: string
  /** JSON text. */
  variables: string
}

export const EXAMPLE_REQUESTS: readonly ExampleRequest[] = [
  {
    id: 'user-by-id',
    label: 'Query with an ID! variable (and the headers echoed back)',
    query: `query UserById($id: ID!) {
  user(id: $id) {
    id
    name
    email
    role
    posts(first: 2) {
      id
      title
    }
  }
  # The demo server echoes what it received: proof that the Authorization header arrived.
  echo {
    authorization: header(name: "authorization")
  }
}
`,
    variables: `{
  "id": "1"
}
`,
  },
  {
    id: 'introspection',
    label: 'Introspection (__schema)',
    query: `query Introspection {
  __schema {
    queryType {
      name
    }
    mutationType {
      name
    }
    types {
      name
      kind
      description
    }
  }
}
`,
    variables: '{}\n',
  },
  {
    id: 'mutation',
    label: 'Mutation: create a post',
    query: `mutation CreatePost($input: CreatePostInput!) {
  createPost(input: $input) {
    id
    title
    author {
      name
    }
    createdAt
  }
}
`,
    variables: `{
  "input": {
    "title": "Hello from the workbench",
    "body": "Sent with fetch, straight from the browser.",
    "authorId": "2"
  }
}
`,
  },
  {
    id: 'error',
    label: 'Error case: data with a GraphQL error',
    query: `query PartialFailure {
  users(first: 2) {
    id
    name
  }
  failing
}
`,
    variables: '{}\n',
  },
  {
    id: 'large',
    label: 'Large result: 17,000 products (about 5 MB)',
    query: `query Products($count: Int!) {
  products(count: $count) {
    id
    name
    email
    description
    price
    active
    createdAt
  }
}
`,
    variables: `{
  "count": 17000
}
`,
  },
]
