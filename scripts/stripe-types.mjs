/**
 * Reads the `stripe` package's TypeScript types with the compiler API and reduces what every event carries
 * to a compact table, the oracle the Stripe catalogue is generated from and tested against:
 *
 * - `events`: `[type, root type name]` for each member of `Stripe.Event` (the type of its `data.object`;
 *   `A|B` for a union);
 * - `types`: per named object type, its fields as `[name, optional (0/1), alternatives]`, where each
 *   alternative is `s` string, `n` number, `b` boolean, `z` null, `m` a string map (`Metadata`),
 *   `x` anything, `e:a|b|c` one of these strings, `o:<type>` an object of that type, `a:<alternatives joined
 *   by ;>` an array. An expandable field (`string | Customer | DeletedCustomer`) lists `s` and its objects;
 *   a webhook sends the id. `Decimal` is a decimal string on the wire (`s`).
 *
 * Names are the types' qualified names in the package (`PaymentIntent`, `PaymentIntent.AmountDetails`,
 * `ApiList<LineItem>`).
 */
import ts from 'typescript'
import { join, resolve } from 'node:path'

/** @param {string} stripeDir the installed package's folder */
export function stripeTypeTable(stripeDir) {
  const entry = join(stripeDir, 'esm/resources/Events.d.ts')
  const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true, types: [], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(entry)
  const moduleSymbol = checker.getSymbolAtLocation(source)
  const eventSymbol = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'Event' && s.flags & ts.SymbolFlags.TypeAlias)
  const eventType = checker.getDeclaredTypeOfSymbol(eventSymbol)

  /** @type {Record<string, [string, number, string[]][]>} */
  const types = {}
  const queue = []

  const resources = resolve(stripeDir, 'esm/resources') + '/'
  /**
   * A stable, unique name for an object type: its qualified name, prefixed with its folder for the
   * namespaced resources (`Checkout.Session`, `BillingPortal.Session`), with type arguments for generics.
   */
  function nameOf(type) {
    const symbol = type.aliasSymbol ?? type.getSymbol()
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName ?? ''
    const folder = file.startsWith(resources) ? file.slice(resources.length).split('/').slice(0, -1).join('.') : ''
    const qualified = checker.getFullyQualifiedName(symbol).replace(/^"[^"]*"\./, '')
    const args = type.aliasTypeArguments ?? (type.target && type.target !== type ? checker.getTypeArguments(type) : [])
    const suffix = args.length ? `<${args.map((a) => objectName(a)).join(',')}>` : ''
    return `${folder ? `${folder}.` : ''}${qualified}${suffix}`
  }

  function isDecimal(type) {
    return type.aliasSymbol?.name === 'Decimal' || type.getSymbol()?.name === 'Decimal'
  }

  /** The alternatives of one type (a union is flattened). */
  function alternatives(type) {
    const parts = type.isUnion() ? type.types : [type]
    const out = []
    const literals = []
    for (const t of parts) {
      if (isDecimal(t)) out.push('s')
      else if (t.flags & ts.TypeFlags.StringLiteral) literals.push(t.value)
      else if (t.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) out.push('s')
      else if (t.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) out.push('n')
      else if (t.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) out.push('b')
      else if (t.flags & ts.TypeFlags.Null) out.push('z')
      else if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) out.push('x')
      else if (t.flags & ts.TypeFlags.Undefined) continue
      else if (t.isIntersection() && t.types.some((u) => u.flags & ts.TypeFlags.String)) out.push('s')
      else if (checker.isArrayType(t)) out.push(`a:${alternatives(checker.getTypeArguments(t)[0]).join(';')}`)
      else if (t.flags & ts.TypeFlags.Object) {
        const props = checker.getPropertiesOfType(t)
        if (props.length === 0 && (checker.getIndexInfosOfType(t).length > 0 || nameOf(t) === 'Metadata')) out.push('m')
        else if (props.length === 0) out.push('m')
        else out.push(`o:${objectName(t)}`)
      } else out.push('x')
    }
    if (literals.length) out.unshift(`e:${literals.join('|')}`)
    return [...new Set(out)]
  }

  function objectName(type) {
    const name = nameOf(type)
    if (!(name in types)) {
      types[name] = []
      queue.push([name, type])
    }
    return name
  }

  function describe(name, type) {
    types[name] = checker.getPropertiesOfType(type).map((p) => {
      const t = checker.getTypeOfSymbol(p)
      return [p.name, p.flags & ts.SymbolFlags.Optional ? 1 : 0, alternatives(t)]
    })
  }

  const events = []
  for (const member of eventType.types) {
    const typeLiteral = checker.getTypeOfSymbol(member.getProperty('type'))
    const data = checker.getTypeOfSymbol(member.getProperty('data'))
    const object = checker.getTypeOfSymbol(data.getProperty('object'))
    // A union resource (`ExternalAccount = BankAccount | Card`) lists each member.
    events.push([typeLiteral.value, (object.isUnion() ? object.types : [object]).map(objectName).join('|')])
  }
  while (queue.length) {
    const [name, type] = queue.shift()
    describe(name, type)
  }
  events.sort((a, b) => a[0].localeCompare(b[0]))
  const sorted = Object.fromEntries(Object.entries(types).sort(([a], [b]) => a.localeCompare(b)))
  return { events, types: sorted }
}
