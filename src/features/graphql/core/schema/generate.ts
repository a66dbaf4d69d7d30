/**
 * A deterministic, realistic and large SDL for tests, benchmarks and stories: the docs explorer
 * must stay fast on GitHub's public schema (~1,500 types), which we cannot ship, so we generate
 * one of that shape. Same arguments, same text, on every machine (seeded PRNG, no Math.random).
 */

/** mulberry32: tiny, fast and good enough for test data; seeded so output is reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const NOUNS = [
  'Repository', 'Issue', 'PullRequest', 'Commit', 'User', 'Organization', 'Team', 'Project', 'Label', 'Milestone',
  'Release', 'Discussion', 'Comment', 'Review', 'Gist', 'Package', 'Workflow', 'Deployment', 'Environment', 'Sponsor',
  'Ref', 'Tree', 'Blob', 'Tag', 'Branch', 'Check', 'Status', 'Topic', 'License', 'Language', 'Enterprise', 'Invitation',
  'Reaction', 'Event', 'Audit', 'Secret', 'Key', 'Hook', 'Alert', 'Advisory', 'Vulnerability', 'Column', 'Card', 'Item',
]
const QUALIFIERS = [
  '', 'Connection', 'Edge', 'Summary', 'Settings', 'Permission', 'Stats', 'Template', 'Rule', 'Policy', 'Entry',
  'Record', 'Snapshot', 'Config', 'Request', 'Result', 'Group', 'Membership', 'Subscription', 'Contributor',
]
const FIELD_WORDS = [
  'name', 'title', 'body', 'url', 'createdAt', 'updatedAt', 'closedAt', 'state', 'number', 'owner', 'author', 'viewer',
  'count', 'total', 'isLocked', 'isPrivate', 'description', 'slug', 'login', 'email', 'avatarUrl', 'path', 'size',
  'position', 'color', 'resourcePath', 'databaseId', 'permalink', 'visibility', 'homepageUrl', 'diskUsage', 'score',
]
const ENUM_WORDS = ['OPEN', 'CLOSED', 'MERGED', 'DRAFT', 'PUBLIC', 'PRIVATE', 'INTERNAL', 'ASC', 'DESC', 'CREATED_AT', 'UPDATED_AT', 'NAME', 'ADMIN', 'READ', 'WRITE', 'PENDING', 'SUCCESS', 'FAILURE', 'ERROR', 'SKIPPED']
const SCALARS = ['String', 'String', 'Int', 'Boolean', 'ID', 'Float', 'DateTime', 'URI']

/**
 * SDL with `typeCount` named types (clamped to at least 12): `Query`, `Mutation`, a `Node`
 * interface, custom scalars (one with `@specifiedBy`), interfaces, unions, enums (some values
 * deprecated), input objects (one `@oneOf`) and objects with arguments, lists, non-null types,
 * descriptions and deprecated fields. It always builds into a valid schema.
 *
 * @param typeCount - how many named types to define (built-in scalars not counted). @default 1500
 * @param seed - PRNG seed; the same seed gives the same text. @default 1
 */
export function generateLargeSDL(typeCount = 1500, seed = 1): string {
  const random = prng(seed)
  const int = (n: number): number => Math.floor(random() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  const chance = (p: number): boolean => random() < p

  const total = Math.max(12, Math.floor(typeCount))
  const rest = total - 5 // Query, Mutation, Node, DateTime, URI
  const count = (share: number): number => Math.max(1, Math.round(rest * share))
  const nInterfaces = count(0.04)
  const nUnions = count(0.04)
  const nEnums = count(0.12)
  const nInputs = count(0.15)
  const nScalars = Math.round(rest * 0.02)
  const nObjects = Math.max(2, rest - nInterfaces - nUnions - nEnums - nInputs - nScalars)

  const used = new Set(['Query', 'Mutation', 'Node', 'DateTime', 'URI'])
  const typeName = (suffix: string): string => {
    const base = `${pick(NOUNS)}${pick(QUALIFIERS)}${suffix}`
    let name = base
    for (let i = 2; used.has(name); i++) name = `${base}${i}`
    used.add(name)
    return name
  }
  const interfaces = Array.from({ length: nInterfaces }, () => typeName('Interface'))
  const objects = Array.from({ length: nObjects }, () => typeName(''))
  const unions = Array.from({ length: nUnions }, () => typeName('Result'))
  const enums = Array.from({ length: nEnums }, () => typeName('Kind'))
  const inputs = Array.from({ length: nInputs }, () => typeName('Input'))
  const scalars = Array.from({ length: nScalars }, () => typeName('Scalar'))
  const leafScalars = [...SCALARS, ...scalars]

  const out: string[] = []
  const description = (indent: string): void => {
    if (chance(0.5)) out.push(`${indent}"""${pick(NOUNS)} ${pick(FIELD_WORDS)} of the ${pick(NOUNS).toLowerCase()}."""`)
  }
  const deprecated = (p: number): string => (chance(p) ? ` @deprecated(reason: "Use ${pick(FIELD_WORDS)} instead.")` : '')
  const fieldNames = (n: number, taken: Set<string>): string[] => {
    const names: string[] = []
    while (names.length < n) {
      const base = pick(FIELD_WORDS)
      let name = base
      for (let i = 2; taken.has(name); i++) name = `${base}${i}`
      taken.add(name)
      names.push(name)
    }
    return names
  }
  const outputType = (): string => {
    const r = random()
    if (r < 0.4) return `${pick(leafScalars)}${chance(0.5) ? '!' : ''}`
    if (r < 0.55) return pick(enums)
    if (r < 0.8) return pick(objects)
    if (r < 0.9) return `[${pick(objects)}!]!`
    if (r < 0.95) return pick(interfaces)
    return pick(unions)
  }
  const args = (): string => {
    const n = chance(0.35) ? 1 + int(3) : 0
    if (n === 0) return ''
    const list: string[] = []
    const taken = new Set<string>()
    for (const name of fieldNames(n, taken)) {
      const r = random()
      const type = r < 0.3 ? pick(inputs) : r < 0.5 ? pick(enums) : r < 0.7 ? 'Int' : `${pick(leafScalars)}${chance(0.3) ? '!' : ''}`
      const fallback = type === 'Int' && chance(0.5) ? ` = ${1 + int(100)}` : ''
      // Required arguments cannot be deprecated (spec), so only nullable ones are.
      list.push(`${name}: ${type}${fallback}${type.endsWith('!') ? '' : deprecated(0.03)}`)
    }
    return `(${list.join(', ')})`
  }

  out.push('"""An ISO-8601 date and time."""', 'scalar DateTime @specifiedBy(url: "https://tools.ietf.org/html/rfc3339")', '')
  out.push('"""An RFC 3986 URI."""', 'scalar URI', '')
  for (const name of scalars) out.push(`scalar ${name}`, '')
  out.push('"""An object with a global ID."""', 'interface Node {', '  id: ID!', '}', '')

  const interfaceFields = new Map<string, string[]>()
  for (const name of interfaces) {
    const own = [`${name[0]?.toLowerCase()}${name.slice(1)}Label: String`, `${name[0]?.toLowerCase()}${name.slice(1)}Url: URI`]
    interfaceFields.set(name, own)
    description('')
    out.push(`interface ${name} implements Node {`, '  id: ID!', ...own.map((f) => `  ${f}`), '}', '')
  }

  for (const name of objects) {
    const implemented = chance(0.3) ? [pick(interfaces)] : []
    description('')
    out.push(`type ${name} implements ${['Node', ...implemented].join(' & ')} {`, '  id: ID!')
    const taken = new Set(['id'])
    for (const i of implemented) {
      for (const field of interfaceFields.get(i) ?? []) {
        taken.add(field.slice(0, field.indexOf(':')))
        out.push(`  ${field}`)
      }
    }
    for (const field of fieldNames(3 + int(12), taken)) {
      description('  ')
      out.push(`  ${field}${args()}: ${outputType()}${deprecated(0.05)}`)
    }
    out.push('}', '')
  }

  for (const name of unions) {
    const members = new Set<string>()
    const n = 2 + int(3)
    while (members.size < Math.min(n, objects.length)) members.add(pick(objects))
    description('')
    out.push(`union ${name} = ${[...members].join(' | ')}`, '')
  }

  for (const name of enums) {
    description('')
    out.push(`enum ${name} {`)
    const values = new Set<string>()
    const n = 2 + int(7)
    while (values.size < n) {
      const base = pick(ENUM_WORDS)
      let value = base
      for (let i = 2; values.has(value); i++) value = `${base}_${i}`
      values.add(value)
    }
    for (const value of values) out.push(`  ${value}${deprecated(0.08)}`)
    out.push('}', '')
  }

  inputs.forEach((name, index) => {
    const oneOf = index === 0
    description('')
    out.push(`input ${name}${oneOf ? ' @oneOf' : ''} {`)
    for (const field of fieldNames(2 + int(7), new Set())) {
      const r = random()
      // Input references stay nullable (and @oneOf fields must be): non-null input cycles are invalid.
      let type = r < 0.2 ? pick(inputs) : r < 0.4 ? pick(enums) : r < 0.55 ? `[${pick(leafScalars)}!]` : pick(leafScalars)
      if (!oneOf && !inputs.includes(type) && chance(0.35)) type += '!'
      const fallback = !oneOf && type === 'Int' && chance(0.3) ? ` = ${int(50)}` : ''
      out.push(`  ${field}: ${type}${fallback}`)
    }
    out.push('}', '')
  })

  out.push('"""The query root."""', 'type Query {', '  """Fetches an object given its ID."""', '  node(id: ID!): Node', '  viewer: ' + pick(objects) + '!')
  const rootFields = new Set(['node', 'viewer'])
  for (let i = 0; i < objects.length; i += 10) {
    const target = objects[i] as string
    let field = `${target[0]?.toLowerCase()}${target.slice(1)}`
    for (let n = 2; rootFields.has(field); n++) field = `${target[0]?.toLowerCase()}${target.slice(1)}${n}`
    rootFields.add(field)
    out.push(`  ${field}(id: ID!, first: Int = 20, after: String): ${target}${deprecated(0.03)}`)
  }
  for (const name of unions) out.push(`  search${name}(query: String!, first: Int = 10): [${name}!]!`)
  out.push('}', '')

  out.push('"""The mutation root."""', 'type Mutation {')
  inputs.forEach((name, i) => {
    if (i % 3 === 0) out.push(`  update${name.replace(/Input\d*$/, '')}${i}(input: ${name}!): ${pick(objects)}`)
  })
  out.push('}', '')
  return out.join('\n')
}
