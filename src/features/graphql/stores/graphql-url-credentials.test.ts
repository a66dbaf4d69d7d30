/**
 * Credentials in an imported URL (`?access_token=`, `?api_key=` also via `-G --data-urlencode`,
 * `user:password@`): the oracle is real curl running the pasted command against a local echo
 * server. The tester then sends the same bytes (URL and Authorization) from its imported tab, its
 * "Copy as curl" command holds `$NAME` references that real curl turns back into the same request,
 * and no storage key, history entry or share link holds a secret.
 */
import { execFile } from 'node:child_process'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { useGraphQLCurlImportStore } from '@/features/graphql/stores/graphql-curl-import'
import { useGraphQLEnvironmentsStore } from '@/features/graphql/stores/graphql-environments'
import { useGraphQLShareStore } from '@/features/graphql/stores/graphql-share'
import { installMemoryLocalStorage } from '@/shared/testing/memory-storage'
import { type EchoServer, type ReceivedRequest, startEchoServer } from '@/shared/testing/echo-server'

const storage = installMemoryLocalStorage()
let server: EchoServer

beforeAll(async () => {
  server = await startEchoServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  storage.clear()
  setActivePinia(createPinia())
})

/** Runs `command` with bash and returns the one request it caused at the echo server. */
async function curlSends(command: string, env: Record<string, string> = {}): Promise<ReceivedRequest> {
  const before = server.requests.length
  await new Promise<void>((resolve, reject) =>
    execFile('/bin/bash', ['-c', `${command} -s -o /dev/null`], { env: { ...process.env, ...env }, timeout: 10_000 }, (error) => (error ? reject(error) : resolve())),
  )
  expect(server.requests.length).toBe(before + 1)
  return server.requests[before] as ReceivedRequest
}

const header = (received: ReceivedRequest, name: string) => received.headers.find(([n]) => n.toLowerCase() === name)?.[1].toString('latin1')

/** Imports `command` and sends the tab from the tester; returns what the server got and the tester's curl. */
async function importAndSend(command: string): Promise<{ received: ReceivedRequest; curl: { command: string; envVars: { header: string; variable: string }[] } }> {
  const curl = useGraphQLCurlImportStore()
  curl.show(command)
  expect(await curl.importText()).toBe(true)
  const tester = useGraphQLStore()
  const before = server.requests.length
  await tester.send()
  expect(useGraphQLEnvironmentsStore().originToConfirm).toBeUndefined() // bound to the origin it came from
  expect(tester.outcome).toMatchObject({ kind: 'response', status: 200 })
  expect(server.requests.length).toBe(before + 1)
  const received = server.requests[before] as ReceivedRequest
  const lastCurl = tester.lastCurl
  if (!lastCurl) throw new Error('no curl command')
  return { received, curl: lastCurl }
}

/** Every place a secret must never be: every storage key, the history, a share link, the endpoint field. */
async function everywhereKept(): Promise<string> {
  const link = await useGraphQLShareStore().linkFor('http://127.0.0.1/graphql')
  const { decodeShareFragment } = await import('@/features/graphql/core/share')
  const shared = await decodeShareFragment(new URL(link).hash)
  return JSON.stringify({ storage: { ...localStorage }, link, shared, endpoint: useGraphQLStore().endpoint })
}

describe('credentials in an imported URL', () => {
  it('?access_token= and user:password@: real curl and the tester send the same bytes; nothing keeps them in clear', async () => {
    const TOKEN = 'tok-abc-123'
    const command = `curl 'http://alice:s3cr%40t@${server.origin.slice('http://'.length)}/graphql?access_token=${TOKEN}&foo=1' -H 'X-Trace: 7' --data-raw '{"query":"{ hello }"}'`
    const oracle = await curlSends(command)
    const basic = header(oracle, 'authorization') ?? ''
    expect(basic).toBe(`Basic ${Buffer.from('alice:s3cr@t').toString('base64')}`)

    const { received, curl } = await importAndSend(command)
    expect(received.url).toBe(oracle.url)
    expect(header(received, 'authorization')).toBe(basic)
    expect(useGraphQLStore().endpoint).toBe(`${server.origin}/graphql?access_token={{access_token}}&foo=1`)

    // "Copy as curl": $NAME references, and real curl makes the same request of them.
    for (const secret of [TOKEN, 's3cr', basic]) expect(curl.command).not.toContain(secret)
    expect(curl.envVars.map((v) => v.variable).sort()).toEqual(['ACCESS_TOKEN', 'AUTHORIZATION'])
    const again = await curlSends(curl.command, { ACCESS_TOKEN: TOKEN, AUTHORIZATION: basic })
    expect(again.url).toBe(oracle.url)
    expect(header(again, 'authorization')).toBe(basic)

    const kept = await everywhereKept()
    for (const secret of [TOKEN, 's3cr', 'alice:', basic.slice(6)]) expect(kept).not.toContain(secret)
  })

  it('-G --data-urlencode api_key=…: the same', async () => {
    const KEY = 'k/ey 42+x'
    const command = `curl -G '${server.origin}/graphql' --data-urlencode 'api_key=${KEY}' --data-urlencode 'query={ hello }'`
    const oracle = await curlSends(command)
    const sentKey = /[?&]api_key=([^&]*)/.exec(oracle.url)?.[1] ?? ''
    expect(decodeURIComponent(sentKey.replace(/\+/g, ' '))).toBe(KEY)

    const { received, curl } = await importAndSend(command)
    // The tester POSTs the query; the URL (with the key) is what curl sent, minus the GraphQL
    // parameters (percent-escapes in either case: curl 8 writes them lower case, the importer upper).
    expect(received.url.toLowerCase()).toBe(`/graphql?api_key=${sentKey}`.toLowerCase())
    const imported = /api_key=([^&]*)/.exec(received.url)?.[1] ?? ''
    expect(curl.command).not.toContain(imported)
    const again = await curlSends(curl.command, { API_KEY: imported })
    expect(again.url).toBe(received.url)
    const kept = (await everywhereKept()).toLowerCase()
    expect(kept).not.toContain(sentKey.toLowerCase())
    expect(kept).not.toContain(KEY.toLowerCase())
  })
})
