/**
 * Where the main window opens: where it was, when that place is still on a connected display; otherwise the
 * default size, centred by the OS. A window is "still there" when a strip of its title bar can be grabbed on some
 * display's work area (a display unplugged since, or a resolution lowered, must not leave it off screen).
 */
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** The normal (not maximised) bounds. */
  bounds: Rect;
  maximized: boolean;
}

export interface WindowSizes {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** What the window opens with: bounds without x/y are centred by the OS. */
export interface OpeningBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

const rect = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
export const windowStateSchema = z.object({ bounds: rect, maximized: z.boolean() });

/** How much of the title bar must lie on a display for the window to be grabbable there. */
const grabWidth = 100;
const titleBarHeight = 30;

function overlap(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

export function openingBounds(saved: unknown, workAreas: readonly Rect[], sizes: WindowSizes): OpeningBounds {
  const fallback: OpeningBounds = { width: sizes.width, height: sizes.height, maximized: false };
  const parsed = windowStateSchema.safeParse(saved);
  if (!parsed.success) return fallback;
  const { bounds, maximized } = parsed.data;
  const titleBar: Rect = { x: bounds.x, y: bounds.y, width: bounds.width, height: titleBarHeight };
  const display = workAreas.find((area) => {
    const shared = overlap(titleBar, area);
    return shared !== null && shared.width >= Math.min(grabWidth, bounds.width) && shared.height >= titleBarHeight / 2;
  });
  if (!display) return { ...fallback, maximized };
  // A window larger than its display (resolution lowered since) shrinks to it, keeping the minimum size.
  const width = Math.max(sizes.minWidth, Math.min(bounds.width, display.width));
  const height = Math.max(sizes.minHeight, Math.min(bounds.height, display.height));
  const x = Math.min(Math.max(bounds.x, display.x), display.x + display.width - Math.min(width, display.width));
  const y = Math.min(Math.max(bounds.y, display.y), display.y + display.height - Math.min(height, display.height));
  return { x, y, width, height, maximized };
}
