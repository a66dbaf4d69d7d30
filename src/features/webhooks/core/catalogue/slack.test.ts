/**
 * Slack's catalogue: every event generates consistently; interactivity payloads are form-encoded
 * (`payload=<URL-encoded JSON>`), signed over the form bytes, and round-trip through the body views,
 * variants and overrides as their inner JSON.
 */
import { describe, expect, it } from 'vitest'
import { formattedBody, sentBody, sentText } from '../body-views'
import { decodeFormPayload, encodeFormPayload, isFormPayloadBody } from '../form-body'
import { applyOverrides, bodyEncodingOf, createSeededRandom, generateWebhook, loadCatalogue, parsePayloadText, robustnessVariants, serializePayload, signWebhook } from '../index'
import { slackInteractivityEvents } from './slack-interactivity'

const now = new Date('2026-03-01T12:34:56.789Z')
const INTERACTIVITY = ['block_actions', 'view_submission', 'view_closed', 'shortcut', 'message_action', 'block_suggestion', 'interactive_message']

/** Every string under `key` anywhere in `value`. */
function valuesOf(value: unknown, key: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesOf(v, key))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => [...(k === key && typeof v === 'string' ? [v] : []), ...valuesOf(v, key)])
}

describe('Slack catalogue', () => {
  it('offers the interactivity payloads in their own group', async () => {
    const events = await loadCatalogue('slack')
    expect(slackInteractivityEvents.map((e) => e.type)).toEqual(INTERACTIVITY)
    for (const type of INTERACTIVITY) expect(events.find((e) => e.type === type)?.category).toBe('interactivity')
  })

  it('every event: one team, user and channel with the right prefixes; JSON events as JSON, interactivity form-encoded', async () => {
    const events = await loadCatalogue('slack')
    for (const { type } of events) {
      const sample = generateWebhook('slack', type, { now, random: createSeededRandom(3) })
      const form = INTERACTIVITY.includes(type)
      expect(sample.headers['Content-Type'], type).toBe(form ? 'application/x-www-form-urlencoded' : 'application/json')
      expect(isFormPayloadBody(sample.body), type).toBe(form)
      expect(sample.headers['X-Slack-Request-Timestamp'], type).toBe(String(Math.floor(now.getTime() / 1000)))
      const payload = sample.payload
      expect(JSON.parse(form ? (decodeFormPayload(sample.body) ?? '') : sample.body), type).toEqual(payload)
      if (type === 'url_verification') continue
      const teams = new Set([...valuesOf(payload, 'team_id'), ...valuesOf(payload, 'team')].filter((t) => /^T/.test(t)))
      const team = payload['team'] as { id?: string } | undefined
      if (team?.id) teams.add(team.id)
      expect(teams.size, type).toBe(1)
      for (const id of teams) expect(id).toMatch(/^T[A-Z0-9]{8,11}$/)
      for (const key of ['user', 'user_id', 'creator']) for (const id of valuesOf(payload, key)) expect(id, `${type} ${key}`).toMatch(/^U[A-Z0-9]{8,11}$/)
      for (const key of ['channel', 'channel_id']) for (const id of valuesOf(payload, key)) expect(id, `${type} ${key}`).toMatch(/^[CD][A-Z0-9]{8,11}$/)
      for (const id of valuesOf(payload, 'api_app_id')) expect(id, type).toMatch(/^A[A-Z0-9]{8,11}$/)
    }
  })

  it.each(INTERACTIVITY)('%s: trigger_id, response_url, view and action_ts are Slack-shaped and fresh on every generation', async (type) => {
    await loadCatalogue('slack')
    const a = generateWebhook('slack', type, { now })
    const b = generateWebhook('slack', type, { now })
    const p = a.payload as Record<string, unknown> & { view?: Record<string, unknown>; user: { id: string }; team: { id: string } }
    expect(a.deliveryId).not.toBe(b.deliveryId)
    expect(a.body).not.toBe(b.body)
    if ('trigger_id' in p) {
      expect(p['trigger_id']).toMatch(/^\d{13}\.\d{12}\.[0-9a-f]{32}$/)
      expect(a.deliveryId).toBe(p['trigger_id'])
    }
    for (const url of valuesOf(p, 'response_url')) expect(url).toMatch(new RegExp(`^https://hooks\\.slack\\.com/actions/${p.team.id}/\\d{13}/[A-Za-z0-9]{24}$`))
    for (const ts of valuesOf(p, 'action_ts')) expect(Math.abs(Number(ts) - now.getTime() / 1000)).toBeLessThan(1)
    if (p.view) {
      expect(p.view['id']).toMatch(/^V[A-Z0-9]{10}$/)
      expect(p.view['app_id']).toBe(p['api_app_id'])
      expect(p.view['team_id']).toBe(p.team.id)
      expect(p.view['hash']).toMatch(new RegExp(`^${Math.floor(now.getTime() / 1000)}\\.[A-Za-z0-9]{8}$`))
    }
    expect(p['token']).toMatch(/^[A-Za-z0-9]{24}$/)
  })

  it('signs the exact form bytes: Slack’s published v0 vector (itself a form body) and a block_actions sample', async () => {
    // https://api.slack.com/authentication/verifying-requests-from-slack (reference: webhook-formats.md)
    const body =
      'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c'
    const headers = await signWebhook('slack', body, '8f742231b10e8888abcd99yyyzzz85a5', { now: new Date(1531420618 * 1000) })
    expect(headers).toEqual({ 'X-Slack-Request-Timestamp': '1531420618', 'X-Slack-Signature': 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503' })

    await loadCatalogue('slack')
    const sample = generateWebhook('slack', 'block_actions', { now })
    const { createHmac } = await import('node:crypto')
    const signed = await signWebhook('slack', sample.body, 'demo-secret', { now })
    const expected = `v0=${createHmac('sha256', 'demo-secret').update(`v0:${signed['X-Slack-Request-Timestamp']}:${sample.body}`).digest('hex')}`
    expect(signed['X-Slack-Signature']).toBe(expected)
    const overDecoded = await signWebhook('slack', decodeFormPayload(sample.body) ?? '', 'demo-secret', { now })
    expect(overDecoded['X-Slack-Signature']).not.toBe(expected)
  })

  it('form bodies round-trip: decode ↔ encode, Formatted ↔ As sent, variants and overrides on the inner JSON', async () => {
    await loadCatalogue('slack')
    const sample = generateWebhook('slack', 'view_submission', { now, random: createSeededRandom(5) })
    const json = decodeFormPayload(sample.body) ?? ''
    expect(encodeFormPayload(json)).toBe(sample.body)
    expect(sample.body).not.toMatch(/[ "{}]/)

    const formatted = formattedBody('slack', sample.body)
    expect(formatted).toEqual({ ok: true, text: JSON.stringify(sample.payload, null, 2) })
    if (!formatted.ok) return
    expect(sentBody('slack', formatted.text, 'form')).toEqual({ ok: true, text: sample.body })
    expect(sentText('slack', '{"type": ', 'form')).toBe('payload=%7B%22type%22%3A+')

    const parsed = parsePayloadText('slack', sample.body)
    expect(parsed).toEqual({ ok: true, payload: sample.payload })
    if (!parsed.ok) return
    const removed = robustnessVariants.removeField(parsed.payload, ['trigger_id'])
    const varied = serializePayload('slack', removed.payload, bodyEncodingOf(sample.body))
    expect(isFormPayloadBody(varied)).toBe(true)
    expect('trigger_id' in JSON.parse(decodeFormPayload(varied) ?? '')).toBe(false)

    const { payload } = applyOverrides(parsed.payload, [{ path: 'view.state.values.incident_title.title_input.value', op: 'set', value: 'Disk full & "urgent"' }])
    const overridden = JSON.parse(decodeFormPayload(serializePayload('slack', payload, 'form')) ?? '') as typeof payload
    expect(overridden).toMatchObject({ view: { state: { values: { incident_title: { title_input: { value: 'Disk full & "urgent"' } } } } } })
  })
})
