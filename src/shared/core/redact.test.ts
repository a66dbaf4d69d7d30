import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isReferenceOnlyValue, redactHeaders } from './redact'

describe('redactHeaders', () => {
  it('withholds secret values: by name, by value shape, by the user flag', () => {
    expect(
      redactHeaders(
        [
          ['Authorization', 'Bearer abc.def.ghi'],
          ['X-Trace', 'ghp_0123456789abcdefghijABCDEFGHIJ012345'],
          ['X-Tenant-Pass', 'hunter2'],
          ['Accept', 'application/json'],
        ],
        ['x-tenant-pass'],
      ),
    ).toEqual([
      { name: 'Authorization', value: '', secret: true },
      { name: 'X-Trace', value: '', secret: true },
      { name: 'X-Tenant-Pass', value: '', secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
    ])
  })

  it('keeps a secret header whose value is only environment references (still marked secret)', () => {
    expect(
      redactHeaders(
        [
          ['Authorization', 'Bearer {{token}}'],
          ['X-Api-Key', '{{ apiKey }}'],
          ['X-Tenant-Pass', '{{user}}{{pass}}'],
        ],
        ['X-Tenant-Pass'],
      ),
    ).toEqual([
      { name: 'Authorization', value: 'Bearer {{token}}', secret: true },
      { name: 'X-Api-Key', value: '{{ apiKey }}', secret: true },
      { name: 'X-Tenant-Pass', value: '{{user}}{{pass}}', secret: true },
    ])
  })
})

describe('isReferenceOnlyValue', () => {
  it.each(['{{token}}', 'Bearer {{token}}', 'basic {{credentials}}', ' {{a}} {{b}} ', 'Token {{ GITHUB_TOKEN }}'])('%j names secrets only', (value) => {
    expect(isReferenceOnlyValue(value)).toBe(true)
  })

  it.each(['', 'Bearer', 'Bearer abc{{token}}', 'hunter2 {{token}}', '{{token}} hunter2', 'Bearer {{token}}x', '{{ not a name }}', '{{1abc}}', 'Bearer  eyJ.{{x}}'])(
    '%j may hold a secret',
    (value) => {
      expect(isReferenceOnlyValue(value)).toBe(false)
    },
  )

  it('property: a value kept for a secret header never holds anything but references and a scheme word', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (!isReferenceOnlyValue(value)) return
        const rest = value.replace(/\{\{\s*[A-Z_]\w*\s*\}\}/gi, '').trim()
        expect(['', 'bearer', 'basic', 'token', 'bot', 'digest', 'apikey', 'jwt']).toContain(rest.toLowerCase())
      }),
    )
  })
})
