/**
 * Draws the menus as the model gives them (Electron draws the real ones): the README's pictures of the app and tray
 * menus. Roles are the platform's own items, labelled by the OS in its language; they are shown in italics.
 */
import type { MenuItemModel } from '../../main/commands/menu-model';

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const roleName = (role: string): string => (role === 'togglefullscreen' ? 'Toggle Full Screen' : role.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase()));
const keys = (accelerator: string): string => accelerator.replace('CmdOrCtrl', 'Ctrl');

function items(menu: readonly MenuItemModel[]): string {
  return menu
    .map((item) => {
      switch (item.type) {
        case 'separator':
          return '<li class="sep"></li>';
        case 'role':
          return `<li class="role${item.enabled === false ? ' off' : ''}"><span>${escape(roleName(item.role))}</span></li>`;
        case 'info':
          return `<li class="info"><span>${escape(item.label)}</span></li>`;
        case 'command':
          return `<li class="${item.enabled ? '' : 'off'}"><span>${escape(item.label)}</span><kbd>${escape(keys(item.accelerator ?? ''))}</kbd></li>`;
        case 'submenu':
          return `<li class="sub"><span>${escape(item.label)}</span><kbd>▸</kbd></li>`;
      }
    })
    .join('');
}

const style = `body{margin:0;padding:16px;font:13px system-ui,sans-serif;background:#e8eaed;display:flex;gap:12px;align-items:flex-start}
section{background:#fff;border-radius:8px;box-shadow:0 4px 16px #0003;min-width:250px;overflow:hidden}
h2{margin:0;padding:6px 12px;font-size:13px;background:#2b5fab;color:#fff}
ul{list-style:none;margin:0;padding:4px 0}li{display:flex;justify-content:space-between;gap:24px;padding:4px 12px}
li.sep{height:1px;padding:0;margin:4px 0;background:#ddd}li.off{color:#999}li.role{color:#444;font-style:italic}
li.info{color:#555}kbd{font:inherit;color:#777}`;

/** The app menu's top-level menus side by side, or the tray menu alone, as one HTML page. */
export function drawMenus(title: string, menu: readonly MenuItemModel[]): string {
  const submenus = menu.flatMap((item) => (item.type === 'submenu' ? [item] : []));
  const columns =
    submenus.length === menu.length
      ? submenus.map((item) => `<section><h2>${escape(item.label)}</h2><ul>${items(item.items)}</ul></section>`).join('')
      : `<section><h2>${escape(title)}</h2><ul>${items(menu)}</ul></section>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${style}</style></head><body>${columns}</body></html>`;
}
