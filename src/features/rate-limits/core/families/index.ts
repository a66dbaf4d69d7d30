/**
 * Registry of family parsers, in the order their quotas appear in the report.
 */
import type { FamilyParser } from './common.ts'
import { parseGitLab } from './gitlab.ts'
import { parseIetf } from './ietf.ts'
import { parseShopify, parseZendesk } from './shopify-zendesk.ts'
import { parseAnthropic, parseHubSpot, parseLinear, parseOpenAi, parseSentry, parseX } from './vendors.ts'
import { parseXRateLimit } from './xratelimit.ts'

/** Every family parser. Each only looks at names no other parser claims, so they can all run. */
export const FAMILY_PARSERS: readonly FamilyParser[] = [
  parseXRateLimit, // GitHub, Discord, Reddit, Jira, generic
  parseOpenAi,
  parseAnthropic,
  parseLinear,
  parseX,
  parseZendesk,
  parseShopify,
  parseIetf,
  parseGitLab,
  parseHubSpot,
  parseSentry,
]

export type { FamilyParser } from './common.ts'
