// Local GraphQL server for peer measurements. 127.0.0.1 only. CORS open (yoga default).
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

const PORT = Number(process.env.GQL_PORT || 4000);
const N_DEFAULT = 20000;

// Deterministic data, built once (so resolver time is small and constant).
const words = ['alpha','bravo','charlie','delta','echo','foxtrot','golf','hotel','india','juliet','kilo','lima'];
function makeItems(n) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = {
      id: String(i),
      name: `Item ${i} ${words[i % 12]}`,
      email: `user${i}@example.test`,
      description: `Description for item ${i}: ${words[i % 12]} ${words[(i * 7) % 12]} ${words[(i * 5) % 12]} lorem ipsum dolor sit amet, consectetur adipiscing.`,
      price: Math.round(((i * 37) % 10000)) / 100,
      active: i % 3 !== 0,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60000).toISOString(),
    };
  }
  return out;
}
const cache = new Map();
const items = (n) => { if (!cache.has(n)) cache.set(n, makeItems(n)); return cache.get(n); };
items(N_DEFAULT);

const schema = createSchema({
  typeDefs: /* GraphQL */ `
    "A sample item"
    type Item {
      id: ID!
      name: String!
      email: String!
      description: String!
      price: Float!
      active: Boolean!
      createdAt: String!
    }
    type Query {
      "Small response"
      hello(name: String = "world"): String!
      "Large response: n items (default 20000, ~5 MB JSON)"
      items(n: Int = 20000): [Item!]!
    }
  `,
  resolvers: {
    Query: {
      hello: (_, { name }) => `Hello ${name}`,
      items: (_, { n }) => items(Math.max(0, Math.min(n, 200000))),
    },
  },
});

// GQL_SCHEMA=github: GitHub's public schema (npm @octokit/graphql-schema, 1,598 types), every field
// answered by a small mock (introspection is what the clients load; `viewer { login }` answers too).
async function githubSchema() {
  const { readFileSync } = await import('node:fs');
  const { buildClientSchema } = await import('graphql');
  // The package's introspection (its SDL repeats two fields, which an SDL build refuses).
  const json = JSON.parse(readFileSync(new URL('../node_modules/@octokit/graphql-schema/schema.json', import.meta.url), 'utf8'));
  const built = buildClientSchema(json.data ?? json);
  built.getQueryType().getFields().viewer.resolve = () => ({ login: 'octocat', id: 'MDQ6VXNlcjE=' });
  return built;
}
const served = process.env.GQL_SCHEMA === 'github' ? await githubSchema() : schema;
const yoga = createYoga({ schema: served, cors: { origin: '*' }, graphiql: false, logging: false, maskedErrors: false });
createServer(yoga).listen(PORT, '127.0.0.1', () => console.log(`graphql on http://127.0.0.1:${PORT}/graphql`));
