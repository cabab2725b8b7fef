/** A small set of line icons drawn for this app (24×24 grid, currentColor). */
const paths: Record<string, string> = {
  inbox: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 2h6l1-2h5',
  outbox: 'M12 3v11M7 8l5-5 5 5M4 14v6h16v-6',
  compose: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  contacts: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5M16 4.5a3.3 3.3 0 0 1 0 6.3M18.5 14.8c1.6.8 2.6 2.5 3 5.2',
  numbers: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  account: 'M4 18a8 8 0 1 1 16 0M12 18l4-6M4 18h16',
  webhooks: 'M9 15l6-6M10.5 6.5l1.5-1.5a4 4 0 0 1 5.7 5.7L16 12.3M13.5 17.5L12 19a4 4 0 0 1-5.7-5.7L8 11.7',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1.2-1.5-3.4-2.3.4-1.6-1.6.4-2.3L12.6 2.4 11.4 4.4h-.8L9.4 2.4 6 3.9l.4 2.3-1.6 1.6-2.3-.4L1 10.8 3 12l-2 1.2 1.5 3.4 2.3-.4 1.6 1.6-.4 2.3 3.4 1.5 1.2-2h.8l1.2 2 3.4-1.5-.4-2.3 1.6-1.6 2.3.4 1.5-3.4z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5',
  fax: 'M6 9V3h9l3 3v3M6 17H4V9h16v8h-2M7 14h10v7H7z',
  file: 'M6 3h8l5 5v13H6zM14 3v5h5',
  pages: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  close: 'M6 6l12 12M18 6L6 18',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L21 21',
  refresh: 'M20 11a8 8 0 0 0-14.6-4.4L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.4L20 16M20 20v-4h-4',
  download: 'M12 4v11M7 10l5 5 5-5M4 19h16',
  print: 'M7 9V3h10v6M7 17H4v-8h16v8h-3M7 14h10v7H7z',
  forward: 'M14 5l7 7-7 7M21 12H8a5 5 0 0 0-5 5v2',
  retry: 'M4 12a8 8 0 1 0 2.3-5.7L4 8.6M4 4v4.6h4.6',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 14h10l1-14',
  copy: 'M8 8h12v12H8zM16 8V4H4v12h4',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  zoomIn: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L21 21M10.5 7.5v6M7.5 10.5h6',
  zoomOut: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L21 21M7.5 10.5h6',
  rotate: 'M20 12a8 8 0 1 1-3-6.2M20 3v5h-5',
  fitWidth: 'M3 12h18M6 9l-3 3 3 3M18 9l3 3-3 3M3 4v16M21 4v16',
  fitPage: 'M6 3h12v18H6zM9 8h6M9 12h6',
  check: 'M5 12l5 5 9-10',
  warning: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  export: 'M12 15V3M7 8l5-5 5 5M5 13v8h14v-8',
};

export type IconName = keyof typeof paths;

export function Icon({ name, size = 18, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
