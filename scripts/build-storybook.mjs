#!/usr/bin/env node
// Static Storybook into storybook-static/ (or the lane's folder, see demo/config/lanes.ts).
import { execSync } from 'node:child_process'

const lane = Number.parseInt(process.env.AWB_LANE ?? '0', 10) || 0
const out = lane ? `storybook-static-lane${lane}` : 'storybook-static'
execSync(`npx storybook build -o ${out} --quiet`, { stdio: 'inherit' })
