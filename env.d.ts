/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

/**
 * The local demo servers (`demo/`), set at build time by Vite's `define`: their URLs, and the webhook
 * receiver's public sample secrets per provider. The app offers them only when it runs on localhost.
 */
declare const __AWB_DEMO__: { graphql: string; webhook: string; webhookSecrets: Readonly<Record<string, string>>; webhookPreviousSecrets: Readonly<Record<string, string>> }
