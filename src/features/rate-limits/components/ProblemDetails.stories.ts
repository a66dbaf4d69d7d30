import type { Meta, StoryObj } from '@storybook/vue3-vite'
import { expect, within } from 'storybook/test'
import ProblemDetails from './ProblemDetails.vue'
import { exampleReport, reportOf } from './fixtures'
import { componentDocs } from '@/shared/storybook/component-docs'
import type { RateLimitProblem } from '../core'

/** The problem a paste's body carries (the stories fail loudly when the parser no longer reads one). */
function problemOf(text: string): RateLimitProblem {
  const problem = reportOf(text).problem
  if (!problem) throw new Error('no problem details in the paste')
  return problem
}

const body = (status: string, json: string) => [status, 'Content-Type: application/problem+json', 'Retry-After: 30', '', json].join('\n')

const draftExample = exampleReport('ietf-problem')

const meta = {
  title: 'Rate limits/ProblemDetails',
  component: ProblemDetails,
  parameters: componentDocs({
    purpose:
      'What a 429’s or 503’s `application/problem+json` body (RFC 9457) says: title, type URI, status, whether it is about a rate limit (the RateLimit draft’s problem types explained), and the policies it says were exceeded.',
    keyboard: 'No keys of its own: plain text, nothing to focus.',
    accessibility:
      'A region named "Problem details" with a description list. The type URI is pasted data and shown as text, never as a link. The paste announcement says the problem’s title.',
  }),
  args: { problem: draftExample.problem!, responseStatus: draftExample.status },
} satisfies Meta<typeof ProblemDetails>

export default meta
type Story = StoryObj<typeof meta>

/** The draft's Quota Exceeded type with `violated-policies` (the "IETF RateLimit 429 with problem details" example). */
export const DraftQuotaExceeded: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: /Problem details/ })
    await expect(region).toHaveTextContent('Request quota exceeded')
    await expect(region).toHaveTextContent('https://iana.org/assignments/http-problem-types#quota-exceeded')
    await expect(region).toHaveTextContent('“Quota Exceeded” type (recommended status 429)')
    await expect(within(region).getByRole('listitem')).toHaveTextContent('burst')
    await expect(within(region).queryByRole('link')).toBeNull()
  },
}

/** The draft's 503 type, Temporary Reduced Capacity. */
export const DraftReducedCapacity: Story = {
  args: {
    problem: problemOf(body('HTTP/1.1 503 Service Unavailable', '{"type":"https://iana.org/assignments/http-problem-types#temporary-reduced-capacity","title":"Capacity temporarily reduced","status":503,"violated-policies":["hourly","daily"]}')),
    responseStatus: 503,
  },
}

/** `about:blank` with a title that names the rate limit: recognised by its words. */
export const NamedByTitle: Story = {
  args: { problem: problemOf(body('HTTP/1.1 429 Too Many Requests', '{"type":"about:blank","title":"Too Many Requests","status":429}')), responseStatus: 429 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Yes: its type or title names a rate limit.')).toBeVisible()
  },
}

/** A 503 whose problem is about maintenance, not a rate limit. */
export const NotARateLimit: Story = {
  args: { problem: problemOf(body('HTTP/1.1 503 Service Unavailable', '{"type":"https://api.example/problems/maintenance","title":"Down for maintenance","status":503}')), responseStatus: 503 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Not named:/)).toBeVisible()
  },
}

/** An empty object: no title, type or status, each said to be missing. */
export const NothingGiven: Story = {
  args: { problem: problemOf(body('HTTP/1.1 429 Too Many Requests', '{}')), responseStatus: 429 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('none given')).toHaveLength(2)
    await expect(within(canvasElement).getByText('none given (means about:blank)')).toBeVisible()
  },
}

/** The body says 429 but the response is a 200: the response's status counts. */
export const StatusDiffers: Story = {
  args: { problem: problemOf(body('HTTP/1.1 200 OK', '{"type":"https://api.example/problems/rate-limited","title":"Rate limited","status":429}')), responseStatus: 200 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/the response itself is HTTP 200/)).toBeVisible()
  },
}

/** Hostile pasted data: markup and a javascript: URI are shown as text; a 300-character policy name wraps; of 1,000 policies 20 are listed. */
export const HostileValues: Story = {
  args: {
    problem: problemOf(
      body(
        'HTTP/1.1 429 Too Many Requests',
        JSON.stringify({
          type: 'javascript:alert(1)//<img src=x onerror=alert(2)>',
          title: '<b>Rate limit</b> <script>alert(3)</script> exceeded for tenant 7f3c9a2e-5b1d-4c8e-9f0a-1b2c3d4e5f6a7f3c9a2e5b1d4c8e9f0a1b2c3d4e5f6a',
          status: 429,
          detail: `<a href="https://evil.example">Click</a> ${'quota '.repeat(500)}`,
          instance: 'javascript:alert(4)',
          'violated-policies': ['<i>burst</i>', 'x'.repeat(300), ...Array.from({ length: 998 }, (_, i) => `tenant-${i}`)],
        }),
      ),
    ),
    responseStatus: 429,
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: /Problem details/ })
    await expect(region).toHaveTextContent('javascript:alert(1)//<img src=x onerror=alert(2)>')
    await expect(region).toHaveTextContent('<script>alert(3)</script>')
    await expect(region.querySelector('img, script, b, a')).toBeNull()
    await expect(within(region).getAllByRole('listitem')).toHaveLength(20)
    await expect(region).toHaveTextContent('and 980 more')
    // 3,041 characters of detail: the first 1,000 shown, as text.
    await expect(region).toHaveTextContent('<a href="https://evil.example">Click</a> quota')
    await expect(region).toHaveTextContent('and 2,041 more characters')
    await expect(region).toHaveTextContent('javascript:alert(4)')
  },
}

/** RFC 9457's own example (section 3): `detail` and `instance` as sent, an extension member (`balance`) not shown; not about a rate limit. */
export const Rfc9457Example: Story = {
  args: {
    problem: problemOf(
      [
        'HTTP/1.1 403 Forbidden',
        'Content-Type: application/problem+json',
        'Content-Language: en',
        '',
        '{',
        ' "type": "https://example.com/probs/out-of-credit",',
        ' "title": "You do not have enough credit.",',
        ' "detail": "Your current balance is 30, but that costs 50.",',
        ' "instance": "/account/12345/msgs/abc",',
        ' "balance": 30,',
        ' "accounts": ["/account/12345",',
        '              "/account/67890"]',
        '}',
      ].join('\n'),
    ),
    responseStatus: 403,
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: /Problem details/ })
    await expect(region).toHaveTextContent('DetailYour current balance is 30, but that costs 50.')
    await expect(region).toHaveTextContent('Instance/account/12345/msgs/abc')
    await expect(region).toHaveTextContent('Not named')
  },
}
