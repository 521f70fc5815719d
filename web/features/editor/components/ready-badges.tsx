import { Badge } from '@web/components/ui/badge';
import type { EditorAdapter } from '../editor-adapter';
import { useEditorSnapshot } from '../hooks/use-editor-snapshot';

/** docs/product.md §2 reference editor: 'Ready' or 'Loading', and 'Plugin Ready' or 'Plugin Loading'. */
export function ReadyBadges({ adapter }: { adapter: EditorAdapter }) {
  const snapshot = useEditorSnapshot(adapter);
  return (
    <div className="flex items-center gap-2" data-testid="ready-badges">
      <Badge variant={snapshot.ready ? 'success' : 'secondary'} data-testid="editor-ready-badge">
        {snapshot.ready ? 'Ready' : 'Loading'}
      </Badge>
      <Badge variant={snapshot.pluginReady ? 'success' : 'secondary'} data-testid="plugin-ready-badge">
        {snapshot.pluginReady ? 'Plugin Ready' : 'Plugin Loading'}
      </Badge>
    </div>
  );
}
