/**
 * The app's icon vocabulary: one icon per action concept, named for the action, so "remove" looks
 * the same in every row and no two actions share a picture. Components import these names and draw
 * them with `AppIcon`; only this file imports icons from `lucide` (`icons.test.ts` checks). Named
 * re-exports keep tree-shaking per icon: a route carries only the icons it uses.
 * Storybook: Foundations / Icons lists them with their actions.
 */
export {
  Plus as AddIcon,
  Eraser as ClearIcon,
  X as CancelIcon,
  Library as CollectionsIcon,
  Copy as CopyIcon,
  BookOpen as DocsIcon,
  Stethoscope as DoctorIcon,
  Download as DownloadIcon,
  ChevronRight as ExpandIcon,
  CopyPlus as DuplicateIcon,
  Variable as EnvironmentsIcon,
  FileText as ExampleIcon,
  Folder as FolderIcon,
  FolderInput as MoveIcon,
  FolderPlus as NewFolderIcon,
  History as HistoryIcon,
  SquareTerminal as ImportCurlIcon,
  FlaskConical as LabIcon,
  SquareArrowOutUpRight as OpenIcon,
  RefreshCw as RegenerateIcon,
  Trash2 as RemoveIcon,
  Pencil as RenameIcon,
  FileCode as SavedRequestIcon,
  BookmarkPlus as SaveToCollectionIcon,
  Network as SchemaIcon,
  Lock as SecretIcon,
  Send as SendIcon,
  Repeat2 as SendTwiceIcon,
  Keyboard as ShortcutsIcon,
  Square as StopIcon,
  Undo2 as UndoIcon,
} from 'lucide'
export type { IconNode } from 'lucide'
