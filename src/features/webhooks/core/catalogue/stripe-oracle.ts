/**
 * Checks a Stripe event against the `stripe` package's own types, reduced to a table by
 * `scripts/stripe-types.mjs` (`generated/stripe-types.json`), and Stripe's id prefixes
 * (`scripts/data/stripe/id-prefixes.json`). Used by the tests and the demo receiver; never by the app.
 *
 * What it finds, per event: a field the types mark as always present that is missing, a value of the
 * wrong type or nullability, a field the types do not know; an id without its object's prefix, a
 * dummy id (`obj_123`, `ch_1234`), a value equal to its own field name (`"customer": "customer"`); a
 * reference (`customer`, `invoice` …) that does not hold an id of the object it names, an expanded
 * reference (webhooks send ids), two customers in one delivery; a `previous_attributes` key the object
 * does not have or a value there of the wrong type, an empty `previous_attributes`.
 */

/** One field of an object type: name, optional (1) or always present (0), and its alternatives. */
type Field = [string, number, string[]]

/** The table `scripts/stripe-types.mjs` writes. */
export interface StripeTypeTable {
  /** `[event type, root type name]`; a union resource is `A|B`. */
  readonly events: readonly (readonly [string, string])[]
  /** Object type name → its fields. */
  readonly types: Readonly<Record<string, readonly Field[]>>
}

/**
 * Object name (`payment_intent`) → id prefix without the underscore (`pi`), the prefixes it may have
 * (`charge`: `ch`, and `py` for a payment on a connected account), or null for named ids.
 */
export type StripePrefixes = Readonly<Record<string, string | readonly string[] | null>>

type Json = Record<string, unknown>

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** An id's random tail: 8+ letters and digits, not a run of one character nor `123…`. */
function isRealTail(tail: string): boolean {
  return /^[a-z0-9]{8,}$/i.test(tail) && !/^(.)\1+$/.test(tail) && !/^0?123456/.test(tail)
}

/** Whether `id` is a real id with one of `prefixes`. */
function isIdOf(id: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => id.startsWith(`${p}_`) && isRealTail(id.slice(p.length + 1)))
}

/** Checks Stripe events against one type table and prefix table. */
export class StripeOracle {
  private readonly fields = new Map<string, Map<string, Field>>()
  /** Type name → the `object` value its instances carry, for types that have an id. */
  private readonly objectOf = new Map<string, string>()

  /**
   * @param table - the type table (`generated/stripe-types.json`)
   * @param prefixes - the id prefix table (`scripts/data/stripe/id-prefixes.json`, its `prefixes`)
   * @param aliases - plain string fields that hold the id of an object of another name (its `fieldAliases`:
   *   `invoice_item` → `invoiceitem`); a field named like an object (`quote`) holds that object's id
   */
  constructor(
    private readonly table: StripeTypeTable,
    private readonly prefixes: StripePrefixes,
    private readonly aliases: Readonly<Record<string, string>> = {},
  ) {
    for (const [name, fields] of Object.entries(table.types)) {
      const map = new Map(fields.map((f) => [f[0], f]))
      this.fields.set(name, map)
      const object = map.get('object')?.[2][0]
      if (map.has('id') && object?.startsWith('e:') && !object.includes('|')) this.objectOf.set(name, object.slice(2))
    }
  }

  /** The event types the table knows, in order. */
  get eventTypes(): string[] {
    return this.table.events.map((e) => e[0])
  }

  /** The prefixes of an object name: empty for named ids, undefined when the table lacks it. */
  prefixOf(objectName: string): readonly string[] | undefined {
    const prefix = this.prefixes[objectName]
    return prefix === undefined ? undefined : prefix === null ? [] : typeof prefix === 'string' ? [prefix] : prefix
  }

  /**
   * Every problem of one event payload (empty when it is as Stripe sends it), each as `path: what`.
   * @param payload - the whole event (`{ id, object: 'event', type, data: { object, previous_attributes } }`)
   */
  check(payload: unknown): string[] {
    const problems: string[] = []
    if (!isPlainObject(payload) || !isPlainObject(payload['data']) || !isPlainObject(payload['data']['object'])) return ['not an event with data.object']
    const type = String(payload['type'])
    const root = this.table.events.find((e) => e[0] === type)?.[1]
    if (!root) return [`unknown event type ${type}`]
    const object = payload['data']['object']
    const members = root.split('|')
    const member = members.find((m) => this.objectOf.get(m) === object['object'] || this.fields.get(m)?.get('object')?.[2][0] === `e:${String(object['object'])}`)
    if (!member) return [`data.object: object ${String(object['object'])} is none of ${root}`]
    const customers = new Set<string>()
    this.checkObject(object, member, 'data.object', problems, customers)
    if (object['object'] === 'customer' && typeof object['id'] === 'string') customers.add(object['id'])
    if (customers.size > 1) problems.push(`data.object: ${customers.size} customers in one delivery (${[...customers].join(', ')})`)
    const previous = payload['data']['previous_attributes']
    if (previous !== undefined) {
      if (!isPlainObject(previous)) problems.push('data.previous_attributes: not an object')
      else {
        for (const [key, before] of Object.entries(previous)) {
          const field = this.fields.get(member)?.get(key)
          if (!field) problems.push(`data.previous_attributes.${key}: not a field of ${member}`)
          else this.checkValue(before, field[2], `data.previous_attributes.${key}`, key, problems, new Set())
        }
        if (Object.keys(previous).length === 0) problems.push('data.previous_attributes: empty (an update names what changed)')
      }
    }
    return problems
  }

  private checkObject(value: Json, typeName: string, path: string, problems: string[], customers: Set<string>): void {
    const fields = this.fields.get(typeName)
    if (!fields) {
      problems.push(`${path}: no type ${typeName}`)
      return
    }
    for (const [name, optional] of fields.values()) if (!optional && !(name in value)) problems.push(`${path}.${name}: missing`)
    for (const [key, v] of Object.entries(value)) {
      const field = fields.get(key)
      if (!field) {
        problems.push(`${path}.${key}: not a field of ${typeName}`)
        continue
      }
      this.checkValue(v, field[2], `${path}.${key}`, key, problems, customers)
    }
    const own = this.objectOf.get(typeName)
    const prefixes = own === undefined ? [] : (this.prefixOf(own) ?? [])
    const id = value['id']
    if (prefixes.length && typeof id === 'string' && !isIdOf(id, prefixes)) problems.push(`${path}.id: ${id} is not a ${prefixes.join('_/')}_ id`)
  }

  private checkValue(value: unknown, alternatives: readonly string[], path: string, key: string, problems: string[], customers: Set<string>): void {
    if (typeof value === 'string') {
      if (value === key && !alternatives.some((a) => a.startsWith('e:') && a.slice(2).split('|').includes(value))) problems.push(`${path}: the field's own name as value`)
      if (/^[a-z]+_(?:\d{1,7}|123\w*)$/.test(value) || /^obj_/.test(value)) problems.push(`${path}: dummy id ${value}`)
      const targets = alternatives.filter((a) => a.startsWith('o:')).map((a) => this.objectOf.get(a.slice(2))).filter((o): o is string => o !== undefined)
      // A typed reference (`string | Customer`), else a plain string field named after an object (`quote`).
      const namedObject = this.aliases[key] ?? key
      const named = targets.length === 0 && alternatives.includes('s') && this.prefixOf(namedObject) ? [namedObject] : []
      const prefixes = [...targets, ...named].flatMap((o) => this.prefixOf(o) ?? [])
      if (prefixes.length > 0) {
        if (!isIdOf(value, prefixes)) problems.push(`${path}: ${value} is not an id of ${[...new Set(prefixes)].join('_/')}_`)
        if (prefixes.includes('cus')) customers.add(value)
      }
    }
    const matches = alternatives.some((a) => this.matches(value, a))
    if (!matches) {
      problems.push(`${path}: ${describe(value)} is none of ${alternatives.map((a) => (a.length > 40 ? `${a.slice(0, 40)}…` : a)).join(', ')}`)
      return
    }
    if (isPlainObject(value)) {
      const objects = alternatives.filter((a) => a.startsWith('o:')).map((a) => a.slice(2))
      if (objects.length === 0) return
      const isReference = alternatives.includes('s') && objects.some((o) => this.objectOf.has(o))
      if (isReference) {
        problems.push(`${path}: an expanded object where webhooks send the id`)
        return
      }
      const own = objects.find((o) => this.objectOf.get(o) === value['object']) ?? objects.find((o) => this.fields.get(o)?.get('object')?.[2][0] === `e:${String(value['object'])}`) ?? objects[0]
      if (own) this.checkObject(value, own, path, problems, customers)
    } else if (Array.isArray(value)) {
      const inner = alternatives.find((a) => a.startsWith('a:'))?.slice(2).split(';') ?? ['x']
      value.forEach((v, i) => this.checkValue(v, inner, `${path}[${i}]`, key, problems, customers))
    }
  }

  private matches(value: unknown, alternative: string): boolean {
    switch (alternative[0]) {
      case 's':
        return typeof value === 'string'
      case 'n':
        return typeof value === 'number' && Number.isFinite(value)
      case 'b':
        return typeof value === 'boolean'
      case 'z':
        return value === null
      case 'x':
        return true
      case 'm':
        return isPlainObject(value)
      case 'e':
        return typeof value === 'string' && alternative.slice(2).split('|').includes(value)
      case 'o':
        return isPlainObject(value)
      case 'a':
        return Array.isArray(value)
      default:
        return false
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value)
  return typeof value
}
