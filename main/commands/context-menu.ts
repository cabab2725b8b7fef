/**
 * The right-click menu: in a text field cut, copy, paste and select all (each enabled as the field allows); on
 * selected text, copy; nowhere else anything (no "Inspect", no "Open link").
 */
import type { MenuItemModel } from './menu-model';

/** What Electron's `context-menu` event says about the place clicked (the parts used here). */
export interface ContextMenuPlace {
  isEditable: boolean;
  selectionText: string;
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export function contextMenu(place: ContextMenuPlace): MenuItemModel[] {
  if (place.isEditable) {
    return [
      { type: 'role', role: 'cut', enabled: place.editFlags.canCut },
      { type: 'role', role: 'copy', enabled: place.editFlags.canCopy },
      { type: 'role', role: 'paste', enabled: place.editFlags.canPaste },
      { type: 'separator' },
      { type: 'role', role: 'selectAll', enabled: place.editFlags.canSelectAll },
    ];
  }
  if (place.selectionText.trim() !== '') return [{ type: 'role', role: 'copy' }];
  return [];
}
