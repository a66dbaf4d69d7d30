/** Collections for the tree's and the save form's stories. */
import type { Collection, CollectionRequest } from '@/features/graphql/core/collections/model'

const request = (name: string, query = `query ${name.replace(/\W/g, '')} { viewer { login } }`): CollectionRequest => ({
  kind: 'request',
  name,
  endpoint: '{{baseUrl}}/graphql',
  query,
  variables: '',
  operationName: '',
  headers: [{ name: 'Authorization', value: 'Bearer {{AUTHORIZATION}}' }],
  notes: '',
})

/** A shop API: folders (one nested), requests at every level. */
export const shopCollection: Collection = {
  name: 'Shop API',
  notes: '',
  items: [
    {
      kind: 'folder',
      name: 'Orders',
      notes: '',
      items: [request('List orders'), request('Create order'), { kind: 'folder', name: 'Refunds', notes: '', items: [request('Refund order')] }],
    },
    { kind: 'folder', name: 'Products', notes: '', items: [request('List products'), request('Product by id')] },
    request('Viewer'),
  ],
}

/** A second, small collection. */
export const githubCollection: Collection = {
  name: 'GitHub',
  notes: '',
  items: [request('Repositories'), request('Issues')],
}

/** Names too long for the panel: they are cut with an ellipsis, the whole name still read. */
export const longNamesCollection: Collection = {
  name: 'A collection whose name is much longer than the side panel is wide, to show how it is cut',
  notes: '',
  items: [{ kind: 'folder', name: 'A folder with a similarly long name that does not fit on one line', notes: '', items: [request('ARequestNamedAfterAVeryLongOperationNameThatNeverEnds')] }],
}

/** The tree's input: collections with ids. */
export const storyCollections = [
  { id: 'shop', collection: shopCollection },
  { id: 'github', collection: githubCollection },
]
