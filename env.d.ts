/// <reference types="vite/client" />

/** URLs of the local demo servers (GraphQL endpoint, webhook receiver), set at build time. */
declare const __AWB_DEMO_URLS__: { graphql: string; webhook: string }
