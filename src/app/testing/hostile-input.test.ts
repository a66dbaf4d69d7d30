import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CORE_PARSERS, HOSTILE_SIZE, hostileStrings, type CoreParser } from './hostile-input'

/** What a parser did with the text: returned, threw its documented located error, or crashed. */
async function outcome(parser: CoreParser, text: string): Promise<string> {
  try {
    await parser.run(text)
    return 'ok'
  } catch (error) {
    if (parser.documented?.(error)) return 'documented'
    return `${parser.name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`
  }
}

// Every parser of user or server input survives anything up to 100 KB.
describe('no core parser throws on hostile input (only its documented, located error)', () => {
  it.each(hostileStrings().map((h) => [h.name, h.text] as const))('100 KB of %s', async (_name, text) => {
    const crashes: string[] = []
    for (const parser of CORE_PARSERS) {
      const result = await outcome(parser, text)
      if (result !== 'ok' && result !== 'documented') crashes.push(result)
    }
    expect(crashes).toEqual([])
  }, 120_000)

  it('any string up to 100 KB (property)', async () => {
    const units = ['{', '[', '(', '}', '"', '\\', ' ', '\t', ',', '=', ';', ':', '/', '1', 'a', '\n', '\r\n', '#', '"""', '\u0000', '\ud800', 'é']
    const long = fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...units), fc.integer({ min: 1, max: HOSTILE_SIZE }), fc.string({ maxLength: 20 }))
      .map(([before, unit, count, after]) => before + unit.repeat(Math.floor(count / unit.length)) + after)
    const text = fc.oneof(fc.string({ maxLength: 300, unit: 'binary' }), fc.string({ maxLength: 300, unit: fc.constantFrom(...units) }), long)
    await fc.assert(
      fc.asyncProperty(fc.nat(CORE_PARSERS.length - 1), text, async (index, input) => {
        const parser = CORE_PARSERS[index]
        if (!parser) return
        expect(['ok', 'documented']).toContain(await outcome(parser, input))
      }),
      { numRuns: 200 },
    )
  }, 300_000)
})
