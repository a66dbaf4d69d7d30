/**
 * Turns: work handed out one piece per task, in the order it was asked for. A page mounts its
 * sections this way (`MountInTurn`), so its first render is several tasks the browser can paint and
 * take input between, not one long one (mounting the GraphQL workspace was a single
 * 470 ms task under Lighthouse's 4× CPU slowdown, nearly all of the page's blocking time).
 */
import { yieldToEventLoop } from './yield'

/** A queue of turns. */
export interface TurnQueue {
  /**
   * Resolves in a task of its own, after every turn asked for before it.
   * @param ready - what the turn's work needs first, e.g. the chunk of the component it mounts. The
   * turn waits for it, and the turns after it wait too, so the order holds. @default none
   */
  next(ready?: Promise<unknown>): Promise<void>
  /**
   * Resolves in the next task, ahead of every waiting turn: for the rest of the current turn's work
   * when it is too much for one task (an editor makes its state in one task and its view in the next),
   * so the parts below do not take their turn in between and get pushed down.
   */
  continue(): Promise<void>
  /** Whether turns are being handed out, i.e. a page is mounting in turns. */
  readonly busy: boolean
  /** Resolves once no turn is waiting, counting turns asked for meanwhile (e.g. by a section a turn mounted). */
  settled(): Promise<void>
}

/**
 * Creates a queue of turns.
 * @param yieldTask - resolves in a new task. @default yieldToEventLoop
 */
export function createTurnQueue(yieldTask: () => Promise<void> = yieldToEventLoop): TurnQueue {
  const waiting: Array<{ resolve: () => void; ready?: Promise<unknown> }> = []
  let running = false

  async function run(): Promise<void> {
    running = true
    while (waiting.length) {
      await yieldTask()
      const turn = waiting.shift()
      if (turn?.ready) {
        // Then a new task, so the turn's work does not join the one that settled `ready` (e.g. a chunk's evaluation).
        await turn.ready
        await yieldTask()
      }
      // One turn per task: the waiter's continuation (a section's mount) runs in this task's microtasks.
      turn?.resolve()
      // That work may ask for more turns (a section in the section, an editor's view): look again in
      // the next task, and stay busy until then.
      if (!waiting.length) await yieldTask()
    }
    running = false
  }

  return {
    next: (ready) =>
      new Promise<void>((resolve) => {
        // Settled or failed, the turn is taken (a failed load is the section's to show).
        waiting.push({ resolve, ready: ready?.catch(() => undefined) })
        if (!running) void run()
      }),
    continue: () =>
      new Promise<void>((resolve) => {
        waiting.unshift({ resolve })
        if (!running) void run()
      }),
    get busy() {
      return running
    },
    async settled() {
      // A task first, so the turns of a render that is under way now are asked for.
      do await yieldTask()
      while (running)
    },
  }
}

/** The app's queue: the sections of the page being mounted (`MountInTurn`); the shell shows its footer once it has settled (App.vue). */
export const mountTurns: TurnQueue = createTurnQueue()
