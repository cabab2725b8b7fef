/** The right-click menu of a window: built from what was clicked (main/commands/context-menu.ts). */
import type { WebContents } from 'electron';
import { contextMenu } from '../commands/context-menu';
import { buildMenu } from './menus';

export function attachContextMenu(contents: WebContents): void {
  contents.on('context-menu', (_event, params) => {
    const items = contextMenu({ isEditable: params.isEditable, selectionText: params.selectionText, editFlags: params.editFlags });
    if (items.length === 0) return;
    buildMenu(items, () => undefined).popup();
  });
}
