/**
 * The collection model's secret rule: a collection never holds a secret header value (the same rule
 * as history and share links, `isSecretHeader`), only `{{NAME}}` references; and a saved request
 * opens in a tab with its credential headers marked secret again.
 */
import { describe, expect, it } from 'vitest'
import { newHeaderRow } from '../tester'
import { collectionRequestFromTab, tabRequestFromCollection, withoutSecrets } from './model'

describe('collections never hold a secret value', () => {
  it('credential headers (by name, by value, or flagged) become {{NAME}} references; the scheme and references stay', () => {
    const { headers, references } = withoutSecrets([
      { name: 'Authorization', value: 'Bearer s3cr3t-token' },
      { name: 'X-Api-Key', value: 'k-123456789' },
      { name: 'X-Note', value: 'ghp_0123456789abcdefghijABCDEFGHIJ' },
      { name: 'X-Tenant-Pass', value: 'hunter2', secret: true },
      { name: 'Authorization', value: 'Basic dXNlcjpwYXNz' },
      { name: 'X-Auth', value: 'Bearer {{token}}' },
      { name: 'X-Request-Id', value: 'r-42' },
    ])
    expect(headers).toEqual([
      { name: 'Authorization', value: 'Bearer {{AUTHORIZATION}}' },
      { name: 'X-Api-Key', value: '{{X_API_KEY}}' },
      { name: 'X-Note', value: '{{X_NOTE}}' },
      { name: 'X-Tenant-Pass', value: '{{X_TENANT_PASS}}' },
      { name: 'Authorization', value: 'Basic {{AUTHORIZATION_2}}' },
      { name: 'X-Auth', value: 'Bearer {{token}}' },
      { name: 'X-Request-Id', value: 'r-42' },
    ])
    expect(references.map((r) => r.variable)).toEqual(['AUTHORIZATION', 'X_API_KEY', 'X_NOTE', 'X_TENANT_PASS', 'AUTHORIZATION_2'])
    expect(JSON.stringify(headers)).not.toMatch(/s3cr3t|k-123|ghp_|hunter2|dXNlcjpwYXNz/)
  })

  it('a tab saved into a collection keeps no secret; opened again, its credential rows are secret', () => {
    const tab = {
      endpoint: '{{baseUrl}}/graphql',
      query: 'query Viewer { viewer { login } }',
      variables: '',
      operationName: '',
      timeout: '30',
      headers: [newHeaderRow('Authorization', 'Bearer s3cr3t'), newHeaderRow('', ''), newHeaderRow('X-Trace', '1')],
    }
    const saved = collectionRequestFromTab('', tab, 'Who am I')
    expect(saved).toEqual({
      kind: 'request',
      name: 'Viewer',
      endpoint: '{{baseUrl}}/graphql',
      query: tab.query,
      variables: '',
      operationName: '',
      headers: [{ name: 'Authorization', value: 'Bearer {{AUTHORIZATION}}' }, { name: 'X-Trace', value: '1' }],
      notes: 'Who am I',
    })
    expect(tabRequestFromCollection(saved).headers).toEqual([
      { name: 'Authorization', value: 'Bearer {{AUTHORIZATION}}', secret: true },
      { name: 'X-Trace', value: '1', secret: false },
    ])
  })
})
