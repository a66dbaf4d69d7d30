#!/usr/bin/env node
// `npm run bench`: every benchmark, figures printed against their targets, never asserted.
// 1. Vitest bench: parser and schema-index speed (src/core/**/*.bench.ts).
// 2. Every core parser on 100 KB pathological strings: the slowest call.
// 3. The GraphQL tester with 5 MB and 10 MB responses in Chromium against the production build (and 5 MB under 4x CPU throttling).
// 4. The rate-limit timeline with a 10,000-entry HAR (Node and Chromium).
// 5. A subscription of 10,000 events at 200/s over SSE and WebSocket: longest task and frame rate.
// 6. GitHub's schema (1,598 types): arrival → schema ready, longest task, keystroke → completion, docs search.
// 7. The rate-limit page with a 50,000-line paste of many quotas (and 100,002 lines), and a 10 MB paste.
// 8. The generated throttle plans (plain fetch, p-limit) against the demo policy server: 429s and share of the policy's maximum.
// 9. The schema-change guard: 500 saved operations re-validated against GitHub's schema (slices), and the diff of two of its versions.
import { execSync } from 'node:child_process'

const run = (cmd) => execSync(cmd, { stdio: 'inherit' })
run('npx vitest bench --run')
run('npx tsx scripts/bench/core-hostile.ts')
run('node scripts/ensure-chromium.mjs')
run('npx vite build --logLevel warn')
run('npx tsx scripts/bench/graphql-response.ts --runs 5')
run('npx tsx scripts/bench/rate-limit-timeline.ts --runs 2')
run('npx tsx scripts/bench/graphql-stream.ts')
run('npx tsx scripts/bench/graphql-schema-scale.ts --runs 3')
run('npx tsx scripts/bench/rate-limit-quotas.ts --runs 2')
run('npx tsx scripts/bench/rate-limit-throttle.ts')
run('npx tsx scripts/bench/graphql-schema-guard.ts --runs 3')
