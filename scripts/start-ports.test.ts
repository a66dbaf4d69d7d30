import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPortTaken, portsTakenMessage, takenPorts } from './start-ports'

describe('npm start port check', () => {
  let server: Server
  let port = 0
  beforeAll(async () => {
    server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('finds a port a real server listens on, and not a free one', async () => {
    expect(await isPortTaken(port)).toBe(true)
    const free = createServer()
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve))
    const freePort = (free.address() as { port: number }).port
    await new Promise<void>((resolve) => free.close(() => resolve()))
    expect(await takenPorts([{ port: freePort, what: 'free' }, { port, what: 'the app' }])).toEqual([{ port, what: 'the app' }])
  })

  it('says which port is taken and how to pick another lane', () => {
    const message = portsTakenMessage([{ port: 4173, what: 'the app and Storybook' }], 0)
    expect(message).toContain('4173  the app and Storybook')
    expect(message).toContain('AWB_LANE=1 npm start')
    expect(message).toContain('http://127.0.0.1:5173/')
  })
})
