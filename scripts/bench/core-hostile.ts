/**
 * Benchmark of every core parser on 100 KB pathological strings (ReDoS and deep nesting).
 * Figures are printed, never asserted; the property test proves nothing throws.
 *
 *   npx tsx scripts/bench/core-hostile.ts [--top 10]
 *
 * Each parser × input is timed once (a quadratic call on 100 KB takes seconds, so one run shows it);
 * the slowest calls are listed, then the slowest one overall.
 */
import { CORE_PARSERS, hostileStrings } from '../../src/app/testing/hostile-input.ts'

const topArg = process.argv.indexOf('--top')
const TOP = topArg > 0 ? Number(process.argv[topArg + 1]) || 10 : 10

const rows: { parser: string; input: string; ms: number; outcome: string }[] = []
for (const { name: input, text } of hostileStrings()) {
  for (const parser of CORE_PARSERS) {
    const start = performance.now()
    let outcome = 'ok'
    try {
      await parser.run(text)
    } catch (error) {
      outcome = parser.documented?.(error) ? 'documented error' : `THREW ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 60)}` : String(error)}`
    }
    const ms = performance.now() - start
    rows.push({ parser: parser.name, input, ms, outcome })
    // Slow calls as they happen, so a run cut short still shows them.
    if (ms > 250) console.log(`  (slow) ${ms.toFixed(1)} ms  ${parser.name} ← ${input}`)
  }
}
rows.sort((a, b) => b.ms - a.ms)
console.log(`${CORE_PARSERS.length} parsers × ${hostileStrings().length} inputs of 100 KB; slowest ${TOP}:`)
for (const r of rows.slice(0, TOP)) console.log(`${r.ms.toFixed(1).padStart(9)} ms  ${r.parser}  ←  ${r.input}  (${r.outcome})`)
const thrown = rows.filter((r) => r.outcome.startsWith('THREW'))
console.log(`undocumented throws: ${thrown.length}`)
for (const r of thrown) console.log(`  ${r.parser} ← ${r.input}: ${r.outcome}`)
const [slowest] = rows
if (slowest) console.log(`slowest core call: ${slowest.ms.toFixed(1)} ms (${slowest.parser} on ${slowest.input})`)
