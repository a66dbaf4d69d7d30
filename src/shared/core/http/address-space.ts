/**
 * Local Network Access (Chrome 142+): a page on a public origin may reach a loopback or private
 * address only with the user's "local network access" permission, asked for on first use. A
 * request can say where it expects to land with fetch's `targetAddressSpace` (`'loopback'` for
 * 127.0.0.0/8, ::1 and `localhost`; `'local'` for private networks), which Chrome requires to match
 * the address the host resolves to: `'local'` for a loopback target is refused. These helpers
 * classify a URL by its host alone (no name lookup), so they answer only for IP literals and the
 * `localhost` names; any other name is `undefined` (it may resolve anywhere).
 */
import { isLoopbackHost, parseUrl } from './url'

/** An address space a request may target: the values of fetch's `targetAddressSpace`. */
export type TargetAddressSpace = 'loopback' | 'local'

/** `RequestInit` with Local Network Access's `targetAddressSpace` (not yet in TypeScript's DOM types). */
export interface LocalNetworkRequestInit extends RequestInit {
  /** Where the request is expected to land; Chrome refuses it when the resolved address is elsewhere. */
  targetAddressSpace?: TargetAddressSpace
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/

/** Whether an IPv4 literal is private (RFC 1918) or link-local (169.254.0.0/16). */
function isPrivateIpv4(host: string): boolean {
  const m = IPV4.exec(host)
  if (!m) return false
  const [a, b] = [Number(m[1]), Number(m[2])]
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
}

/** Whether a bracketed IPv6 literal is unique-local (fc00::/7), link-local (fe80::/10) or maps a private IPv4. */
function isPrivateIpv6(host: string): boolean {
  if (!host.startsWith('[')) return false
  const inner = host.slice(1, -1).toLowerCase()
  if (/^f[cd][0-9a-f]{0,2}:/.test(inner) || /^fe[89ab][0-9a-f]?:/.test(inner)) return true
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(inner)
  return mapped?.[1] !== undefined && isPrivateIpv4(mapped[1])
}

/**
 * The address space `target` is known to be in from its host alone: `'loopback'` for `localhost`,
 * `*.localhost`, 127.x.x.x and [::1]; `'local'` for private and link-local IP literals; `undefined`
 * for every other host (public, or a name that could resolve anywhere) and for a URL that does
 * not parse.
 */
export function addressSpaceOf(target: URL | string): TargetAddressSpace | undefined {
  const url = typeof target === 'string' ? parseUrl(target) : target
  if (!url) return undefined
  const host = url.hostname.toLowerCase()
  if (isLoopbackHost(host)) return 'loopback'
  if (isPrivateIpv4(host) || isPrivateIpv6(host)) return 'local'
  return undefined
}

/**
 * Whether this browser knows fetch's `targetAddressSpace` (Chrome 142+): `Request` then has the
 * property. Elsewhere the option would be ignored, so it is not sent.
 */
export function supportsTargetAddressSpace(): boolean {
  return typeof Request !== 'undefined' && 'targetAddressSpace' in Request.prototype
}

/**
 * `init` with `targetAddressSpace` set for a loopback or private target when the browser supports
 * it, so a page on a public origin may reach the user's own server once the user allows local
 * network access (and, from an https page, a private http address is then not blocked as mixed
 * content). Unchanged otherwise, and for a page on the same origin.
 *
 * @param supported - whether to send the option. @default supportsTargetAddressSpace()
 */
export function withTargetAddressSpace(url: string, init: RequestInit, supported = supportsTargetAddressSpace()): LocalNetworkRequestInit {
  const space = supported ? addressSpaceOf(url) : undefined
  return space ? { ...init, targetAddressSpace: space } : init
}

/** The state of the user's local-network-access permission, when the browser has one. */
export type LocalNetworkPermission = PermissionState | undefined

/**
 * The names the permission goes by: Chrome 142 has one, `local-network-access`; Chrome 145 added
 * `loopback-network` and `local-network` per address space (mdn/browser-compat-data #29331).
 */
const PERMISSION_NAMES: Readonly<Record<TargetAddressSpace, readonly string[]>> = {
  loopback: ['local-network-access', 'loopback-network'],
  local: ['local-network-access', 'local-network'],
}

/**
 * Asks the Permissions API for the Local Network Access permission of `space` under each of its
 * names, and combines them: `'denied'` when any is denied, else `'granted'` when any is granted,
 * else `'prompt'`; `undefined` where the browser knows none of them (each query rejects) or has no
 * Permissions API.
 */
export async function localNetworkPermission(space: TargetAddressSpace = 'loopback', permissions: Permissions | undefined = globalThis.navigator?.permissions): Promise<LocalNetworkPermission> {
  if (!permissions) return undefined
  const states = await Promise.all(
    PERMISSION_NAMES[space].map(async (name) => {
      try {
        return (await permissions.query({ name: name as PermissionName })).state
      } catch {
        return undefined
      }
    }),
  )
  return (['denied', 'granted', 'prompt'] as const).find((state) => states.includes(state))
}
