// The port check of `npm start`: which of its ports are taken, said before anything is built.
import { createServer } from 'node:net'

/** A port `npm start` listens on, and what listens there. */
export interface NamedPort {
  port: number
  what: string
}

/** Whether something already listens on `port` at 127.0.0.1 (tried by listening there for a moment). */
export function isPortTaken(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES'))
    probe.once('listening', () => probe.close(() => resolve(false)))
    probe.listen(port, host)
  })
}

/** The ports of `ports` that are taken, in order. */
export async function takenPorts(ports: readonly NamedPort[]): Promise<NamedPort[]> {
  const taken = await Promise.all(ports.map((p) => isPortTaken(p.port)))
  return ports.filter((_, i) => taken[i])
}

/**
 * What to tell the user when ports are taken: which, the likely cause, and how to run beside it on another
 * lane (`AWB_LANE=N` moves every port by 1000 × N).
 * @param lane - the current lane (AWB_LANE, 0 by default)
 */
export function portsTakenMessage(taken: readonly NamedPort[], lane: number): string {
  const list = taken.map((p) => `  ${p.port}  ${p.what}`).join('\n')
  const next = lane + 1 > 9 ? 1 : lane + 1
  return [
    `npm start cannot start: ${taken.length === 1 ? 'this port is' : 'these ports are'} already in use:`,
    list,
    'Is npm start (or npm test) already running? Stop it, or start on another lane, which moves every port by 1000:',
    `  AWB_LANE=${next} npm start    (the app at http://127.0.0.1:${4173 + next * 1000}/)`,
  ].join('\n')
}
