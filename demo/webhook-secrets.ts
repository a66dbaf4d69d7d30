/**
 * Test secrets of the local demo receiver (`tests/servers/webhook-receiver.ts`), one per provider.
 * They are public sample values, not credentials: the webhook page offers them as a hint only when
 * the app itself runs on localhost (`npm start`, the e2e tests), where that receiver runs beside it.
 * The app gets them through Vite's `define` (`__AWB_DEMO__`), so src/ never imports demo/.
 */
export const DEMO_SECRETS: Readonly<Record<string, string>> = Object.freeze({
  github: 'awb-demo-github-secret',
  stripe: 'whsec_awbDemoStripeSecret000000000000',
  slack: 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5',
  shopify: 'awb-demo-shopify-client-secret',
  // whsec_ + base64("awb-demo-standard-webhooks-key!!"), a 32-byte key
  'standard-webhooks': 'whsec_YXdiLWRlbW8tc3RhbmRhcmQtd2ViaG9va3Mta2V5ISE=',
  gitlab: 'awb-demo-gitlab-token',
})

/**
 * The secrets the demo secrets replaced, one per provider: the "previous" side of a rotation. A receiver
 * started with `--rotating` accepts both; the default receiver only the current one.
 */
export const DEMO_PREVIOUS_SECRETS: Readonly<Record<string, string>> = Object.freeze({
  github: 'awb-demo-github-previous-secret',
  stripe: 'whsec_awbDemoStripePrevious0000000000',
  slack: 'f0e1d2c3b4a5f6e7d8c9b0a1f2e3d4c5',
  shopify: 'awb-demo-shopify-previous-secret',
  // whsec_ + base64("awb-demo-standard-webhooks-old!!"), a 32-byte key
  'standard-webhooks': 'whsec_YXdiLWRlbW8tc3RhbmRhcmQtd2ViaG9va3Mtb2xkISE=',
  gitlab: 'awb-demo-gitlab-previous-token',
})
