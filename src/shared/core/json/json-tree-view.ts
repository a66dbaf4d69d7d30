/**
 * How a JSON tree first opens, and the view that opening shows: which containers are open and the
 * rows that makes. The tree view (`JsonTree`) computes it when a model arrives; a worker that builds
 * a large model can compute it too and send it along (`JsonTreeModel.firstView`), so the page does
 * not walk 136,000 nodes (a 5 MB response) with cold code in the task that shows them.
 */
import { expandToDepth, openFirstPath, visibleRows, type JsonTreeColumns, type JsonTreeModel } from './json-tree'

/** How a tree opens at first. */
export interface TreeOpening {
  /** Containers shallower than this start open (1: top-level rows only). */
  expandDepth: number
  /** Also opens the first item of each open container, down to its values (`openFirstPath`). */
  openFirst: boolean
}

/** A tree's view for an opening: the open flags (one per node) and the rows they show. */
export interface TreeView extends TreeOpening {
  /** 1 where a container is open (`expandToDepth`). */
  expanded: Uint8Array
  /** The rows shown (`visibleRows`). */
  rows: Int32Array
}

/** The view a tree shows when it opens as `opening` says. */
export function openTree(model: JsonTreeColumns, opening: TreeOpening): TreeView {
  const depthOpen = expandToDepth(model, opening.expandDepth)
  const expanded = opening.openFirst ? openFirstPath(model, depthOpen) : depthOpen
  return { ...opening, expanded, rows: visibleRows(model, expanded) }
}

/** The view `model` carries for `opening` (`firstView`, made where the model was built), else a new one. */
export function viewFor(model: JsonTreeModel, opening: TreeOpening): TreeView {
  const first = model.firstView
  return first && first.expandDepth === opening.expandDepth && first.openFirst === opening.openFirst ? first : openTree(model, opening)
}

