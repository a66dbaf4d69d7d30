// Validates GitHub webhook payloads against @octokit/openapi-webhooks in a worker thread, so compiling a
// large schema (seconds on a busy machine) never stalls the receiver's other deliveries.
// Messages in: { id, ref, payload }; out: { id, errors: [{ instancePath, message, schemaPath }] }.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parentPort } from 'node:worker_threads'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

const require = createRequire(import.meta.url)
const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'), 'utf8'))
const SPEC_ID = 'https://github.com/octokit/openapi-webhooks/api.github.com.json'

// Same options as the unit tests: strict, with OpenAPI's `example` keyword and `int64` format declared.
const ajv = new Ajv2020({ strict: true, strictTypes: false, inlineRefs: false, code: { optimize: false }, allErrors: true, allowUnionTypes: true })
addFormats(ajv)
ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isSafeInteger(n) })
ajv.addVocabulary(['example', 'components'])
ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } })
const validators = new Map()

parentPort?.on('message', ({ id, ref, payload }) => {
  let validate = validators.get(ref)
  if (!validate) {
    validate = ajv.compile({ $ref: `${SPEC_ID}${ref}` })
    validators.set(ref, validate)
  }
  const errors = validate(payload) ? [] : (validate.errors ?? []).map(({ instancePath, message, schemaPath }) => ({ instancePath, message, schemaPath }))
  parentPort?.postMessage({ id, errors })
})
