/**
 * graphql-js's `buildClientSchema`, cut into slices that each fit in a frame. Building GitHub's
 * schema (~1,600 types, ~20,000 fields and arguments) in one call is one task of a few hundred
 * milliseconds: the type objects are cheap, but the `GraphQLSchema` constructor walks every type's
 * fields, which runs every fields thunk at once. Here the thunks run a few types at a time, with a
 * pause between slices, so the page keeps answering; the constructor then finds every field map
 * already built. The result is the same schema as `buildClientSchema(introspection, {assumeValid})`.
 *
 * The introspection must already be known to build: the schema worker checks it with the real
 * `buildClientSchema` and `validateSchema` (schema-load.worker.ts), so this trusts its shape and
 * marks the schema valid.
 */
import {
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLUnionType,
  introspectionTypes,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parseConstValue,
  specifiedScalarTypes,
  type DirectiveLocation,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLInterfaceType as InterfaceType,
  type GraphQLNamedType,
  type GraphQLNullableType,
  type GraphQLObjectType as ObjectType,
  type GraphQLOutputType,
  type GraphQLType,
  type IntrospectionField,
  type IntrospectionInputValue,
  type IntrospectionQuery,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql'

/** Options of {@link buildClientSchemaInSlices}. */
export interface SliceOptions {
  /** Ends the current slice; resolves when the next may start (a new task, so input and paint come first). */
  pause: () => Promise<void>
  /** Time a slice may take before it pauses. @default 8 */
  budgetMs?: number
  /** The clock. @default performance.now */
  now?: () => number
  /** Stops the build between slices: it rejects with an `AbortError`. @default undefined */
  signal?: AbortSignal
}

/**
 * Builds the schema of a checked introspection result in slices (see the module's comment).
 *
 * @param introspection - `{__schema}`, already checked by `buildClientSchema` and `validateSchema`.
 */
export async function buildClientSchemaInSlices(introspection: IntrospectionQuery, options: SliceOptions): Promise<GraphQLSchema> {
  const budget = options.budgetMs ?? 8
  const now = options.now ?? (() => performance.now())
  const s = introspection.__schema
  const typeMap = new Map<string, GraphQLNamedType>()
  const getType = (ref: IntrospectionTypeRef): GraphQLType => {
    if (ref.kind === 'LIST') return new GraphQLList(getType(ref.ofType))
    if (ref.kind === 'NON_NULL') return new GraphQLNonNull(getType(ref.ofType) as GraphQLNullableType)
    const named = typeMap.get(ref.name)
    if (!named) throw new Error(`Unknown type in the introspection result: ${ref.name}`)
    return named
  }
  const inputValues = (values: readonly IntrospectionInputValue[]): GraphQLInputFieldConfigMap => {
    const map: GraphQLInputFieldConfigMap = Object.create(null) as GraphQLInputFieldConfigMap
    for (const v of values) {
      map[v.name] = {
        description: v.description,
        type: getType(v.type) as GraphQLInputType,
        default: v.defaultValue != null ? { literal: parseConstValue(v.defaultValue) } : undefined,
        deprecationReason: v.deprecationReason,
      }
    }
    return map
  }
  const fields = (list: readonly IntrospectionField[]): GraphQLFieldConfigMap<unknown, unknown> => {
    const map: GraphQLFieldConfigMap<unknown, unknown> = Object.create(null) as GraphQLFieldConfigMap<unknown, unknown>
    for (const f of list) {
      map[f.name] = { description: f.description, deprecationReason: f.deprecationReason, type: getType(f.type) as GraphQLOutputType, args: inputValues(f.args) }
    }
    return map
  }
  const interfaces = (t: { interfaces?: readonly { name: string }[] | null }) => (t.interfaces ?? []).map((i) => typeMap.get(i.name) as InterfaceType)

  let sliceStart = now()
  /** Pauses once the slice has used its budget. */
  const tick = async (): Promise<void> => {
    if (now() - sliceStart < budget) return
    await options.pause()
    if (options.signal?.aborted) throw new DOMException('The schema build was cancelled', 'AbortError')
    sliceStart = now()
  }

  for (const t of s.types) {
    typeMap.set(t.name, shell(t))
    await tick()
  }
  for (const std of [...specifiedScalarTypes, ...introspectionTypes]) if (typeMap.has(std.name)) typeMap.set(std.name, std)

  function shell(t: IntrospectionType): GraphQLNamedType {
    const base = { name: t.name, description: t.description }
    switch (t.kind) {
      case 'SCALAR':
        return new GraphQLScalarType({ ...base, specifiedByURL: t.specifiedByURL })
      case 'OBJECT':
        return new GraphQLObjectType({ ...base, interfaces: () => interfaces(t), fields: () => fields(t.fields) })
      case 'INTERFACE':
        return new GraphQLInterfaceType({ ...base, interfaces: () => interfaces(t), fields: () => fields(t.fields) })
      case 'UNION':
        return new GraphQLUnionType({ ...base, types: () => t.possibleTypes.map((p) => typeMap.get(p.name) as ObjectType) })
      case 'ENUM':
        return new GraphQLEnumType({
          ...base,
          values: Object.fromEntries(t.enumValues.map((v) => [v.name, { description: v.description, deprecationReason: v.deprecationReason }])),
        })
      case 'INPUT_OBJECT':
        return new GraphQLInputObjectType({ ...base, fields: () => inputValues(t.inputFields), isOneOf: t.isOneOf })
    }
  }

  // Run the thunks a slice at a time; each getter caches its result, so the constructor reuses it.
  for (const type of typeMap.values()) {
    if (isObjectType(type) || isInterfaceType(type)) {
      type.getInterfaces()
      for (const field of Object.values(type.getFields())) void field.args
    } else if (isUnionType(type)) type.getTypes()
    else if (isInputObjectType(type)) type.getFields()
    else if (isEnumType(type)) type.getValues()
    await tick()
  }
  const root = (ref: { name: string } | null | undefined) => (ref ? (typeMap.get(ref.name) as ObjectType) : null)
  return new GraphQLSchema({
    description: s.description,
    query: root(s.queryType),
    mutation: root(s.mutationType),
    subscription: root(s.subscriptionType),
    types: [...typeMap.values()],
    directives: (s.directives ?? []).map(
      (d) =>
        new GraphQLDirective({
          name: d.name,
          description: d.description,
          isRepeatable: d.isRepeatable,
          locations: d.locations.slice() as DirectiveLocation[],
          args: inputValues(d.args),
        }),
    ),
    assumeValid: true,
  })
}
