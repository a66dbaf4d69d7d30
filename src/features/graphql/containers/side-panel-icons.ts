import { CollectionsIcon, DocsIcon, EnvironmentsIcon, HistoryIcon, SchemaIcon, type IconNode } from '@/shared/ui/icons'
import type { SidePanelView } from '@/features/graphql/core/workspace'

/** The icon of each side panel view, on its toolbar button. */
export const SIDE_PANEL_ICONS: Record<SidePanelView, IconNode> = {
  docs: DocsIcon,
  history: HistoryIcon,
  collections: CollectionsIcon,
  schema: SchemaIcon,
  environments: EnvironmentsIcon,
}
