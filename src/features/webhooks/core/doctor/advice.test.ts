import { describe, expect, it } from 'vitest'
import { verificationSnippet } from '../snippets'
import { signatureCauseAdvice } from './advice'
import type { SignatureCauseCode, WebhookProviderId } from './types'

const PROVIDERS: WebhookProviderId[] = ['github', 'stripe', 'slack', 'shopify', 'standard-webhooks', 'gitlab']
const HMAC_CODES: SignatureCauseCode[] = ['no-signature-header', 'malformed-signature-header', 'body-reserialized', 'body-line-endings', 'secret-whitespace', 'secret-encoding', 'wrong-secret-or-body']

describe('signatureCauseAdvice', () => {
  it.each(PROVIDERS.filter((p) => p !== 'gitlab'))('%s: every cause has a fix and a line that is really in its snippet', (provider) => {
    for (const code of HMAC_CODES) {
      const advice = signatureCauseAdvice(provider, code)
      expect(advice.fix.length, code).toBeGreaterThan(20)
      expect(advice.snippetLine, code).not.toBeNull()
      expect(verificationSnippet(provider).code, code).toContain(advice.snippetLine!)
    }
  })

  it('the right line per provider', () => {
    expect(signatureCauseAdvice('github', 'body-reserialized').snippetLine).toBe("const expected = 'sha256=' + crypto.createHmac('sha256', secret).update(rawBody).digest('hex')")
    expect(signatureCauseAdvice('standard-webhooks', 'secret-encoding').snippetLine).toBe("const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')")
    expect(signatureCauseAdvice('stripe', 'secret-encoding').snippetLine).toBe('const secret = process.env.STRIPE_WEBHOOK_SECRET // whsec_…, used as-is')
    expect(signatureCauseAdvice('stripe', 'timestamp-outside-tolerance').snippetLine).toBe('return Number.isFinite(age) && age <= 300 // 5-minute window against replays')
    expect(signatureCauseAdvice('gitlab', 'secret-whitespace').snippetLine).toBe('const token = process.env.GITLAB_WEBHOOK_TOKEN')
    expect(signatureCauseAdvice('stripe', 'secret-encoding').fix).toMatch(/whole whsec_/)
  })

  it('no provider: a fix without a line', () => {
    expect(signatureCauseAdvice(null, 'unknown-provider')).toEqual({ fix: 'Choose the provider that sent this request.', snippetLine: null })
  })
})
