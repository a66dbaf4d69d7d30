/**
 * What the problem types of draft-ietf-httpapi-ratelimit-headers mean (its section "Problem Types", added after
 * draft-08, and the IANA "HTTP Problem Types" registrations it asks for): the registered title, the recommended
 * status and what the server says with it. Each may carry `violated-policies`, the names of the policies exceeded.
 * Apart from the parser (`problem.ts` only recognises the URIs), so that only the page's problem details load it.
 */
import type { RateLimitProblemTypeId } from './types.ts'

/** One of the draft's problem types. */
export interface RateLimitProblemType {
  /** Its type URI, https://iana.org/assignments/http-problem-types#<id>. */
  uri: string
  /** The title the draft registers, e.g. "Quota Exceeded". */
  title: string
  /** The status the draft recommends with it. */
  status: 429 | 503
  /** What the server means by it, in the draft's words shortened. */
  meaning: string
}

const uri = (id: RateLimitProblemTypeId) => `https://iana.org/assignments/http-problem-types#${id}`

/** The draft's problem types by id. */
export const RATE_LIMIT_PROBLEM_TYPES: Readonly<Record<RateLimitProblemTypeId, RateLimitProblemType>> = {
  'quota-exceeded': { uri: uri('quota-exceeded'), title: 'Quota Exceeded', status: 429, meaning: 'The requests exceed one or more quota policies.' },
  'temporary-reduced-capacity': {
    uri: uri('temporary-reduced-capacity'),
    title: 'Temporary Reduced Capacity',
    status: 503,
    meaning: 'The server cannot serve the request for now: its capacity is temporarily reduced (a RateLimit-Policy may give the lower quota).',
  },
  'abnormal-usage-detected': {
    uri: uri('abnormal-usage-detected'),
    title: 'Abnormal Usage Detected',
    status: 429,
    meaning: 'The server detected a pattern of requests that suggests unintentional or malicious behaviour.',
  },
}
