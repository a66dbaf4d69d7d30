/**
 * Yielding to the event loop in long loops, so input and rendering run between slices of work
 * (no main-thread task over 50 ms). A MessageChannel message, not `setTimeout(0)`: after
 * five nested timeouts browsers clamp every further one to 4 ms, which a loop yielding hundreds of
 * times would pay each time.
 */

/** Resolves in a new task (a MessageChannel message): whatever waited (a paint, a click) runs first. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(undefined)
  })
}

/** Options of {@link createYielder}. */
export interface YielderOptions {
  /** Milliseconds of work between yields. @default 8 */
  sliceMs?: number
  /** The clock. @default () => performance.now() */
  now?: () => number
}

/**
 * A `maybeYield()` for a loop: it yields to the event loop once `sliceMs` have passed since the last
 * yield, and otherwise resolves at once, so a short loop costs nothing and a long one stays in
 * slices of `sliceMs`.
 */
export function createYielder(options: YielderOptions = {}): () => Promise<void> {
  const sliceMs = options.sliceMs ?? 8
  const now = options.now ?? (() => performance.now())
  let last = now()
  return async () => {
    if (now() - last < sliceMs) return
    await yieldToEventLoop()
    last = now()
  }
}
