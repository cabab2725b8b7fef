/**
 * A button that opens a short menu of further actions (the WAI-ARIA menu button): Enter, Space or ↓ opens it on
 * its first item, ↑ on its last; the arrow keys, Home and End move inside; Enter runs an item; Escape closes it and
 * puts the cursor back on the button; Tab or a click elsewhere closes it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface MenuAction {
  id: string;
  label: string;
  icon?: IconName;
  disabled?: boolean;
  title?: string | undefined;
  /** Why it is off, shown under its label while it is (a tooltip alone is missed, and never read by touch). */
  reason?: string | undefined;
  onSelect: () => void;
}

export function MenuButton({ label, actions, disabled = false, children }: { label: string; actions: readonly MenuAction[]; disabled?: boolean; children?: ReactNode }) {
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  // The menu opens rightwards from the button, or leftwards when that would leave the window (or its pane, which clips).
  const [side, setSide] = useState<'start' | 'end'>('start');
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])];

  useLayoutEffect(() => {
    if (!open || !menu.current || !button.current) return;
    const pane = button.current.closest<HTMLElement>('.detail, .card') ?? document.body;
    const room = Math.min(window.innerWidth, pane.getBoundingClientRect().right) - button.current.getBoundingClientRect().left;
    setSide(menu.current.offsetWidth > room ? 'end' : 'start');
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === 'first' ? list[0] : list.at(-1))?.focus();
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(null);
    if (focusButton) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') setOpen(null);
  };

  return (
    <span className="menu-button">
      <button
        ref={button}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen(open ? null : 'first')}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        {children}
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div ref={menu} id={menuId} role="menu" aria-label={label} className={`menu menu-${side}`} onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              disabled={action.disabled}
              title={action.title}
              onClick={() => {
                close(true);
                action.onSelect();
              }}
            >
              {action.icon ? <Icon name={action.icon} /> : null}{' '}
              {action.disabled && action.reason ? (
                <span className="menu-item-text">
                  {action.label}
                  <span className="menu-item-reason">{action.reason}</span>
                </span>
              ) : (
                action.label
              )}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
