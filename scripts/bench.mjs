#!/usr/bin/env node
// `npm run bench`: every benchmark, figures printed against their targets, never asserted.
// 1. Vitest bench: parser and schema-index speed (src/core/**/*.bench.ts).
// 2. Every core parser on 100 KB pathological strings (issue 17): the slowest call.
// 3. The GraphQL tester with 5 MB and 10 MB responses in Chromium against the production build.
import { execSync } from 'node:child_process'

const run = (cmd) => execSync(cmd, { stdio: 'inherit' })
run('npx vitest bench --run')
run('npx tsx scripts/bench/core-hostile.ts')
run('node scripts/ensure-chromium.mjs')
run('npx vite build --logLevel warn')
run('npx tsx scripts/bench/graphql-response.ts --runs 5')
