// Outline icons drawn inline (24×24, stroked with currentColor) so the landing
// page loads no icon font or image files.

export const ICON_SVG_PROPS = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const

export const ICON_PATHS = {
  whatsapp: 'M3 21l1.65-3.8a9 9 0 1 1 3.4 2.9L3 21 M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1',
  catalogue: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3z M12 12l8-4.5 M12 12v9 M12 12L4 7.5',
  calendar: 'M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z M16 3v4 M8 3v4 M3 11h18 M8 15h2v2H8z',
  widget: 'M7 8l-4 4 4 4 M17 8l4 4-4 4 M14 4l-4 16',
  credits: 'M5 6h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z M3 10h18 M7 15h3',
  insights: 'M4 20h16 M6 16v-3 M10 16V9 M14 16v-5 M18 16V5',
  check: 'M5 12l5 5L20 7',
  arrow: 'M5 12h14 M13 6l6 6-6 6',
} as const

export type IconName = keyof typeof ICON_PATHS

export const DEMO_SHOP_INITIALS = 'ÖB'
