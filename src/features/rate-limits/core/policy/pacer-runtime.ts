/**
 * The pacing every generated Node plan runs (plain fetch, p-limit, and the guard of the Bottleneck plan), as
 * JavaScript text: a copy of each quota and a pacer that lets requests leave in call order, several at once,
 * as soon as every copy allows them.
 *
 * Why it is safe with requests in flight: the server spends a request somewhere between its send and its
 * answer. So a request in flight counts as spent *now* on every check (never expiring, never refilling),
 * and once answered it is spent at the answer's time — the latest the server can have spent it. Spending
 * later than the server never makes the copy more generous: a window counts it in the same or a later
 * window, a sliding log frees it later, a bucket or GCRA refills from a later point. What costs throughput
 * is only the round trip (a sliding window's entries free one round trip late).
 */

/** The pacer's source: `quota(policy)` and `createPacer(policies, { now, maxConcurrent, stats })`. */
export const PACER = String.raw`
const EPS = 1e-6

/**
 * One quota's copy. wait(now, c): ms until c more units can leave on top of those in flight (Infinity: not
 * before an answer); never(c): no wait can let c through; remaining(now): whole units left, in flight counted;
 * spend(now, c) at an answer; hold(until): another client shares the quota, let nothing leave before until.
 */
function quota(p) {
  let heldUntil = 0
  let wait, spend, left, never, trust
  if (p.kind === 'fixed-window') {
    let start = -Infinity, used = 0
    const windowOf = (now) => Math.floor(now / p.windowMs) * p.windowMs
    const at = (now) => (windowOf(now) === start ? used : 0)
    never = (c) => c > p.limit
    // In flight counts in the current window: it may reach the server after the boundary.
    wait = (now, c) => (c > p.limit ? Infinity : at(now) + c <= p.limit ? 0 : windowOf(now) + p.windowMs - now)
    // endsBy: the server said the window that counted it ends by then (X-RateLimit-Reset): when that is not
    // after the current window's start, the server counted it in a window already over, not in this one.
    spend = (now, c, endsBy) => { if (!(endsBy <= windowOf(now))) { used = at(now) + c; start = windowOf(now) } }
    left = (now) => p.limit - at(now)
  } else if (p.kind === 'sliding-window') {
    let log = []
    const prune = (now) => { log = log.filter((e) => e.at > now - p.windowMs) }
    const sum = () => log.reduce((s, e) => s + e.cost, 0)
    never = (c) => c > p.limit
    wait = (now, c) => {
      prune(now)
      let over = sum() + c - p.limit
      if (over <= 0) return 0
      for (const e of log) { over -= e.cost; if (over <= 0) return e.at + p.windowMs - now }
      return Infinity
    }
    spend = (now, c) => { prune(now); if (c > 0) log.push({ at: now, cost: c }) }
    left = (now) => { prune(now); return p.limit - sum() }
    // The server said r was left when it counted a request of ours (cost c, sent at since): limit - r then,
    // that request's own units among them. Since then it can have counted at most our other units answered
    // after since (those answered before it had reached the server before it). So the log needs no more
    // units than the two together; the ones it drops are its oldest (each logged at its answer, never before
    // the server had it, so the newest kept free no earlier than the server frees any set of that many).
    trust = (now, r, since, c) => {
      prune(now)
      const keep = p.limit - r - c + log.reduce((s, e) => s + (e.at >= since ? e.cost : 0), 0)
      let total = sum()
      while (log.length > 0 && total - log[0].cost >= keep) total -= log.shift().cost
    }
  } else if (p.kind === 'token-bucket') {
    let level = p.capacity, last = -Infinity
    const at = (now) => Math.min(p.capacity, level + ((now - last) * p.refillPerSecond) / 1000)
    never = (c) => c > p.capacity
    wait = (now, c) => (c > p.capacity ? Infinity : at(now) >= c + EPS ? 0 : ((c + EPS - at(now)) * 1000) / p.refillPerSecond)
    spend = (now, c) => { level = Math.max(0, at(now) - c); last = now }
    left = (now) => at(now)
  } else {
    const T = p.emissionIntervalMs, tau = p.burstToleranceMs
    let tat = -Infinity
    never = (c) => c * T > tau + T
    wait = (now, c) => (c * T > tau + T ? Infinity : Math.max(0, Math.max(tat, now) + c * T - tau - T - now))
    spend = (now, c) => { tat = Math.max(tat, now) + c * T }
    left = (now) => (now - Math.max(tat, now) + tau + T) / T
  }
  const q = {
    name: p.name,
    /** Units in flight (sent, not answered) and all units ever sent. */
    inFlight: 0,
    sent: 0,
    costOf: (cost) => ((p.unit ?? 'requests') === 'requests' ? 1 : cost),
    /** Units a bucket or GCRA gets back per millisecond (undefined for windows). */
    drip: p.kind === 'token-bucket' ? p.refillPerSecond / 1000 : p.kind === 'gcra' ? 1 / p.emissionIntervalMs : undefined,
    never,
    wait: (now, c) => Math.max(heldUntil - now, wait(now, q.inFlight + c)),
    remaining: (now) => Math.floor(left(now) - q.inFlight + EPS),
    spend,
    /** Sliding windows: what the server said is left (r, in its own time after since) lets the copy drop entries it has freed. */
    trust: (now, r, since, c) => trust?.(now, r, since, c),
    hold: (until) => { heldUntil = Math.max(heldUntil, until) },
  }
  return q
}

/**
 * When the window that counted a request ends at the latest (epoch ms), from X-RateLimit-Reset (Unix seconds)
 * if it is about the quota name (X-RateLimit-Resource, or the only quota) and ends after the request left
 * (sentAt): anything else (a reset in seconds from now, another quota's) says nothing about this window.
 */
function windowEndsBy(headers, name, only, sentAt) {
  const resource = headers.get('x-ratelimit-resource')
  const reset = Number(headers.get('x-ratelimit-reset') ?? NaN) * 1000
  return (resource === null ? only : resource === name) && reset > sentAt ? reset : undefined
}

/** What the server says is left of the quota name: { r, waitMs, endsBy } (waitMs: until it is all back), or undefined. */
function rateLimitLeft(headers, name, only, sentAt) {
  const item = readRateLimit(headers.get('ratelimit')).get(name)
  return item && { r: item.r, waitMs: item.t * 1000, endsBy: windowEndsBy(headers, name, only, sentAt) }
}

/**
 * Lets requests leave in call order, up to maxConcurrent at once, each as soon as every quota copy allows it.
 * send(send, input, init, cost) does all of it for one request: admit(cost) resolves to a ticket when the request may leave; answered(ticket, response) books its answer
 * (spends it, holds on a 429, and holds a quota the server says is short: left(headers, index, at, sentAt) →
 * { r, waitMs, endsBy } per quota, the RateLimit field and X-RateLimit-Reset by default); failed(ticket) books a request that got no answer.
 */
function createPacer(policies, { now, maxConcurrent, stats, left = (headers, index, at, sentAt) => rateLimitLeft(headers, policies[index].name, policies.length === 1, sentAt) }) {
  const quotas = policies.map(quota)
  let inFlight = 0
  let turn = Promise.resolve()
  let waiting = []
  const wake = () => { for (const resolve of waiting.splice(0)) resolve() }

  async function enter(cost) {
    for (;;) {
      const t = now()
      let wait = inFlight < maxConcurrent ? 0 : Infinity
      for (const q of quotas) {
        if (q.never(q.costOf(cost))) throw new RangeError('This request costs more than the quota ' + q.name + ' can ever allow.')
        wait = Math.max(wait, q.wait(t, q.costOf(cost)))
      }
      if (wait <= 0) break
      if (Number.isFinite(wait)) {
        stats.waitedMs += wait
        await sleep(wait)
      } else await new Promise((resolve) => waiting.push(resolve))
    }
    const t = now()
    // Per quota: what should be left once this request is spent (all we sent before it counted), and all sent before it.
    const ticket = { cost, at: t, expected: quotas.map((q) => q.remaining(t) - q.costOf(cost)), before: quotas.map((q) => q.sent) }
    for (const q of quotas) {
      q.inFlight += q.costOf(cost)
      q.sent += q.costOf(cost)
    }
    inFlight++
    stats.sent++
    return ticket
  }

  function settle(ticket, at, spent, said = []) {
    for (const [i, q] of quotas.entries()) {
      q.inFlight -= q.costOf(ticket.cost)
      if (spent) q.spend(at, q.costOf(ticket.cost), said[i]?.endsBy)
    }
    inFlight--
    wake()
  }

  function admit(cost) {
    const ticket = turn.then(() => enter(cost))
    turn = ticket.then(() => undefined, () => undefined)
    return ticket
  }

  function answered(ticket, response) {
    const at = now()
    if (response.status === 429) {
      stats.throttled++
      const until = at + retryAfterMs(response.headers, at)
      for (const q of quotas) q.hold(until)
      settle(ticket, at, false)
      return
    }
    const saidAll = quotas.map((_, i) => left(response.headers, i, at, ticket.at))
    settle(ticket, at, true, saidAll)
    for (const [i, q] of quotas.entries()) {
      const said = saidAll[i]
      const c = q.costOf(ticket.cost)
      if (said) q.trust(at, said.r, ticket.at, c)
      // Requests we sent after this one may have reached the server first: a quota that cannot pay for a
      // request like this one is another client's doing only if what we expected left, less what we sent
      // since, could. Then hold it: a window until its reset, a bucket until the missing units drip back.
      const since = q.sent - ticket.before[i] - c
      if (said && said.r < c && ticket.expected[i] - since >= c) {
        stats.held++
        q.hold(at + (q.drip ? (c - said.r) / q.drip : said.waitMs))
      }
    }
  }

  const failed = (ticket) => settle(ticket, now(), true)

  /** Sends one request with send(input, init) once every quota allows it, and books its answer or its failure. */
  async function paced(send, input, init, cost) {
    const ticket = await admit(cost)
    let response
    try {
      response = await send(input, init)
    } catch (error) {
      failed(ticket)
      throw error
    }
    answered(ticket, response)
    return response
  }

  return { quotas, admit, answered, failed, send: paced }
}
`
