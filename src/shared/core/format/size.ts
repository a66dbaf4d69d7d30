/** Byte sizes in words. */

const UNITS = ['kB', 'MB', 'GB', 'TB'] as const

/**
 * A byte count in SI units, as browsers' dev tools show sizes: "532 B", "1.4 kB", "12 kB", "1.4 MB".
 * One decimal under 10 of a unit, whole numbers above; a value that rounds up to 1000 moves to the
 * next unit ("1.0 MB", not "1000 kB"). Negative or non-finite input gives "unknown".
 *
 * @param bytes - a size in bytes.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown'
  if (bytes < 1000) return `${Math.round(bytes)} B`
  let value = bytes / 1000
  let unit = 0
  while (Math.round(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`
}
