/**
 * Throttle plan as code for Python 3.9+: a copy of each quota (window, log, bucket, GCRA, as the policies
 * say) that paces requests before they leave, the response headers that hold a quota the server says
 * cannot pay for the next request, and tenacity (https://tenacity.readthedocs.io) retrying a 429 after
 * `retry-after-ms` / `Retry-After`. Standard library HTTP (urllib), one request at a time.
 */
import { policyProblem } from './models.ts'
import type { RatePolicy } from './types.ts'

/** The headers the generated Python plan reads, with what it does with each. */
export const PYTHON_READS: readonly { header: string; use: string }[] = [
  { header: 'RateLimit', use: 'r and t per quota: when r cannot pay for the next request, hold that quota (a window for t seconds, a bucket until the missing units have dripped back).' },
  { header: 'x-ratelimit-remaining-<quota> / x-ratelimit-reset-<quota>', use: 'The same, for OpenAI-style names (reset as 1s, 6m0s, 20ms).' },
  { header: 'retry-after-ms / Retry-After', use: 'On a 429: tenacity waits this long, then retries (up to MAX_RETRIES times).' },
]

/** A JSON value as a Python literal (the policies hold only strings and numbers). */
const pythonLiteral = (value: unknown) => JSON.stringify(value, null, 4).replace(/\btrue\b/g, 'True').replace(/\bfalse\b/g, 'False').replace(/\bnull\b/g, 'None')

const RUNTIME = String.raw`
class Quota:
    """One quota's copy, spent when a request leaves: wait(now, cost) says how long until it allows."""

    def __init__(self, p):
        self.p = p
        self.held_until = 0.0
        self.used, self.start, self.log = 0.0, None, []
        self.level, self.last, self.tat = p.get("capacity", 0), None, None

    def cost_of(self, cost):
        return 1 if self.p.get("unit", "requests") == "requests" else cost

    def drip_per_s(self):
        if self.p["kind"] == "token-bucket":
            return self.p["refillPerSecond"]
        if self.p["kind"] == "gcra":
            return 1000 / self.p["emissionIntervalMs"]
        return None

    def _wait(self, now, c):
        p, kind = self.p, self.p["kind"]
        if kind == "fixed-window":
            w = p["windowMs"] / 1000
            start = (now // w) * w
            used = self.used if self.start == start else 0
            return 0.0 if used + c <= p["limit"] else start + w - now
        if kind == "sliding-window":
            w = p["windowMs"] / 1000
            self.log = [(at, n) for at, n in self.log if at > now - w]
            over = sum(n for _, n in self.log) + c - p["limit"]
            if over <= 0:
                return 0.0
            for at, n in self.log:
                over -= n
                if over <= 0:
                    return at + w - now
            return float("inf")
        if kind == "token-bucket":
            level = self._level(now)
            return 0.0 if level >= c + 1e-9 else (c + 1e-9 - level) / p["refillPerSecond"]
        t, tau = p["emissionIntervalMs"] / 1000, p["burstToleranceMs"] / 1000
        tat = now if self.tat is None else max(self.tat, now)
        return max(0.0, tat + c * t - tau - t - now)

    def _level(self, now):
        if self.last is None:
            return self.p["capacity"]
        return min(self.p["capacity"], self.level + (now - self.last) * self.p["refillPerSecond"])

    def wait(self, now, c):
        return max(self.held_until - now, self._wait(now, c))

    def spend(self, now, c):
        p, kind = self.p, self.p["kind"]
        if kind == "fixed-window":
            w = p["windowMs"] / 1000
            start = (now // w) * w
            self.used = (self.used if self.start == start else 0) + c
            self.start = start
        elif kind == "sliding-window":
            self.log.append((now, c))
        elif kind == "token-bucket":
            self.level, self.last = max(0.0, self._level(now) - c), now
        else:
            t = p["emissionIntervalMs"] / 1000
            self.tat = (now if self.tat is None else max(self.tat, now)) + c * t


def duration_s(value):
    """OpenAI's reset durations ("1s", "6m0s", "20ms") in seconds."""
    units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
    return sum(float(n) * units[u] for n, u in re.findall(r"(\d+(?:\.\d+)?)(ms|h|m|s)", value or ""))


def left_of(headers, name):
    """What the server says is left of one quota: (remaining, seconds until the window is back), or None."""
    for part in (headers.get("RateLimit") or "").split(","):
        m = re.match(r'\s*"([^"]*)"', part)
        r = re.search(r";\s*r=(\d+)", part)
        if m and r and m.group(1) == name:
            t = re.search(r";\s*t=(\d+)", part)
            return int(r.group(1)), float(t.group(1)) if t else 0.0
    r = headers.get("x-ratelimit-remaining-" + name)
    if r is not None:
        return float(r), duration_s(headers.get("x-ratelimit-reset-" + name))
    return None


def retry_after_s(headers):
    """Seconds a 429 asks to wait: retry-after-ms, else Retry-After (seconds or HTTP date), else one second."""
    ms = headers.get("retry-after-ms")
    if ms is not None:
        return float(ms) / 1000
    value = (headers.get("Retry-After") or "").strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return 1.0


class TooManyRequests(Exception):
    def __init__(self, wait_s):
        super().__init__("429 Too Many Requests")
        self.wait_s = wait_s


class ThrottledClient:
    """send(url, data=None, headers=None, method=None, cost=1) → (status, headers, body), paced; thread-safe, one request at a time."""

    def __init__(self, policies=POLICIES, clock=time.monotonic):
        self.quotas = [Quota(p) for p in policies]
        self.clock = clock
        self.lock = threading.Lock()
        self.told = [None] * len(self.quotas)
        self.send = retry(
            retry=retry_if_exception_type(TooManyRequests),
            wait=lambda state: state.outcome.exception().wait_s,
            stop=stop_after_attempt(MAX_RETRIES + 1),
            reraise=True,
        )(self._attempt)

    def _attempt(self, url, data=None, headers=None, method=None, cost=1):
        with self.lock:
            while True:
                now = self.clock()
                wait = max(q.wait(now, q.cost_of(cost)) for q in self.quotas)
                for q, said in zip(self.quotas, self.told):
                    if said is not None and said[0] < q.cost_of(cost):
                        drip = q.drip_per_s()
                        wait = max(wait, said[2] + ((q.cost_of(cost) - said[0]) / drip if drip else said[1]) - now)
                if wait <= 0:
                    break
                if wait == float("inf"):
                    raise ValueError("This request costs more than a quota can ever allow.")
                time.sleep(wait)
            request = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
            try:
                with urllib.request.urlopen(request) as response:
                    status, got, body = response.status, response.headers, response.read()
            except urllib.error.HTTPError as error:
                status, got, body = error.code, error.headers, error.read()
            at = self.clock()
            if status == 429:
                wait = retry_after_s(got)
                for q in self.quotas:
                    q.held_until = max(q.held_until, at + wait)
                raise TooManyRequests(wait)
            for i, q in enumerate(self.quotas):
                q.spend(at, q.cost_of(cost))
                left = left_of(got, q.p["name"])
                self.told[i] = None if left is None else (left[0], left[1], at)
            return status, got, body
`

/**
 * The Python plan's source for these policies (a module needing `tenacity`).
 *
 * @example
 * const code = generatePythonPlan(POLICY_PRESETS[2].policies)
 * // from throttle import ThrottledClient; client = ThrottledClient(); status, headers, body = client.send(url)
 */
export function generatePythonPlan(policies: readonly RatePolicy[], options: { maxRetries?: number } = {}): string {
  if (policies.length === 0) throw new RangeError('Give at least one policy.')
  for (const policy of policies) {
    const problem = policyProblem(policy)
    if (problem) throw new RangeError(problem)
  }
  return [
    '# Client throttle plan for these rate-limit policies (generated by API Workbench): Python 3.9+, pip install tenacity.',
    '# Reads at run time: RateLimit (r, t per quota), x-ratelimit-remaining-<quota> / x-ratelimit-reset-<quota>,',
    '# and retry-after-ms / Retry-After on a 429 (tenacity retries after it).',
    'import email.utils',
    'import re',
    'import threading',
    'import time',
    'import urllib.error',
    'import urllib.request',
    '',
    'from tenacity import retry, retry_if_exception_type, stop_after_attempt',
    '',
    `POLICIES = ${pythonLiteral(policies)}`,
    `MAX_RETRIES = ${options.maxRetries ?? 3}`,
    '',
    RUNTIME,
  ].join('\n')
}
