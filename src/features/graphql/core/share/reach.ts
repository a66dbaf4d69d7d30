/**
 * What a shared link would make Send carry where: the environment variables it references
 * (`{{token}}` in the endpoint, a header value or the variables) and the origin it points at, so
 * the receiver sees both before pressing Send.
 */
import { findReferences, isVariableName } from '../environments/references'
import { originOf } from '../environments/environment'
import type { SharedRequest } from './share'

/** What {@link sharedLinkReach} finds. */
export interface SharedLinkReach {
  /** The origin the endpoint names; undefined when the endpoint is not a URL as typed (empty, or `{{baseUrl}}`). */
  origin?: string
  /** The environment variables the link references, each once, in the order endpoint, headers, variables. */
  references: string[]
}

/** The `{{references}}` a shared request brings and the origin it sends to. */
export function sharedLinkReach(shared: Pick<SharedRequest, 'endpoint' | 'headers' | 'variables'>): SharedLinkReach {
  const texts = [shared.endpoint, ...shared.headers.flatMap((header) => [header.name, header.value]), shared.variables]
  const references = [...new Set(texts.flatMap((text) => findReferences(text).map((reference) => reference.name)).filter(isVariableName))]
  // Only a host typed out is an origin: `{{baseUrl}}/graphql` is decided by the environment.
  const authority = /^\s*[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(shared.endpoint)?.[0] ?? ''
  const origin = authority.includes('{{') ? undefined : originOf(shared.endpoint)
  return origin === undefined ? { references } : { origin, references }
}
