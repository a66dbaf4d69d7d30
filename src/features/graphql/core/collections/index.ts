/**
 * Collections of the GraphQL tester: the model (folders of requests, never a secret value) and
 * import/export with Postman v2.1, Insomnia v4/v5, OpenCollection (Bruno), HAR and curl, each
 * listing what it could not carry. See README.md. Not imported by the page yet.
 */
export * from './model'
export { exportPostman, importPostman, POSTMAN_SCHEMA_V21 } from './postman'
export { exportInsomniaV4, exportInsomniaV5, importInsomnia, fromInsomniaReferences, toInsomniaReferences, type YamlCodec } from './insomnia'
export { exportOpenCollection, importOpenCollection, fileNameFor, OPENCOLLECTION_VERSION } from './opencollection'
export { exportHar, importHar } from './har'
export { exportCurl, importCurl, type CurlExportCommand, type CurlExportOptions } from './curl'
