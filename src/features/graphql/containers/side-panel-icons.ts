import { BookOpen, History, Network, Variable, type IconNode } from 'lucide'
import type { SidePanelView } from '@/features/graphql/core/workspace'

/** The icon of each side panel view, on its toolbar button. */
export const SIDE_PANEL_ICONS: Record<SidePanelView, IconNode> = {
  docs: BookOpen,
  history: History,
  schema: Network,
  environments: Variable,
}
