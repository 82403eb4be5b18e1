// The dashboard loads Mantine's CSS per component (dashboard.ts on top of
// public.ts), not the whole styles.css: a component whose CSS is missing
// renders unstyled. Every Mantine component the dashboard's code imports must
// have its CSS, and the CSS of the components it is built on, in those files.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const STYLES = path.join(ROOT, 'node_modules/@mantine/core/styles')

/** The Mantine components each one renders inside itself, by the CSS they need. */
const BUILT_ON: Record<string, string[]> = {
  ActionIcon: ['UnstyledButton', 'Loader'],
  Alert: ['CloseButton'],
  Burger: ['UnstyledButton'],
  Button: ['UnstyledButton', 'Loader'],
  Card: ['Paper'],
  CloseButton: ['UnstyledButton'],
  ColorInput: ['Input', 'ColorPicker', 'ColorSwatch', 'Popover', 'ActionIcon'],
  ColorPicker: ['ColorSwatch'],
  Combobox: ['Popover', 'ScrollArea'],
  Menu: ['Popover', 'UnstyledButton'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  NativeSelect: ['Input', 'Combobox'],
  NavLink: ['UnstyledButton'],
  Notification: ['CloseButton', 'Loader'],
  NumberInput: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Radio: ['InlineInput'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  Switch: ['InlineInput'],
  Tabs: ['UnstyledButton'],
  TextInput: ['Input'],
  Textarea: ['Input'],
}

/** What the dashboard renders: its screens, the shared components and the layout's own parts. */
const DASHBOARD_SOURCES = [
  ...['credits', 'products', 'appointments', 'customers', 'chatbot', 'settings'].map((f) => `src/features/${f}`),
  'src/components',
  'src/app/dashboard-layout.tsx',
  'src/app/sync-status.tsx',
  'src/app/merge-notices.tsx',
]

function files(entry: string): string[] {
  const full = path.join(ROOT, entry)
  if (!full.endsWith('.tsx') && !full.endsWith('.ts')) {
    return readdirSync(full, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => path.join(full, f))
  }
  return [full]
}

/** The Mantine CSS files a styles module imports, following its imports of other styles modules. */
function cssOf(module: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>()
  if (seen.has(module)) return out
  seen.add(module)
  const text = readFileSync(module, 'utf8')
  for (const m of text.matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)) out.add(m[1]!)
  for (const m of text.matchAll(/import '(\.[^']+\.ts)'/g)) for (const css of cssOf(path.resolve(path.dirname(module), m[1]!), seen)) out.add(css)
  return out
}

/** Mantine components a source file imports from @mantine/core that have CSS of their own. */
function componentsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const names = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((m) =>
    m[1]!.split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type ')),
  )
  return names.filter((name) => existsSync(path.join(STYLES, `${name}.css`)))
}

function needed(component: string, out = new Set<string>()): Set<string> {
  if (out.has(component)) return out
  out.add(component)
  for (const dep of BUILT_ON[component] ?? []) needed(dep, out)
  return out
}

describe("the dashboard's Mantine CSS", () => {
  const dashboard = cssOf(path.join(ROOT, 'src/app/styles/dashboard.ts'))

  it('is not the whole of styles.css', () => {
    expect(readFileSync(path.join(ROOT, 'src/app/styles/dashboard.ts'), 'utf8')).not.toMatch(/import '@mantine\/core\/styles\.css'/)
  })

  it('holds every component the dashboard imports, and what each is built on', () => {
    const missing: string[] = []
    for (const file of DASHBOARD_SOURCES.flatMap(files)) {
      // A part that loads its own styles module (the lazy menus) is styled by it as well.
      const own = [...readFileSync(file, 'utf8').matchAll(/import '(\.[^']*styles\/\w+\.ts)'/g)].flatMap((m) => [
        ...cssOf(path.resolve(path.dirname(file), m[1]!)),
      ])
      const available = new Set([...dashboard, ...own])
      for (const component of componentsOf(file)) {
        for (const css of needed(component)) {
          if (existsSync(path.join(STYLES, `${css}.css`)) && !available.has(css)) {
            missing.push(`${path.relative(ROOT, file)}: ${component} needs ${css}.css`)
          }
        }
      }
    }
    expect(missing).toEqual([])
  })

  it('is in the order of styles.css, so equal rules cascade as there', () => {
    const whole = readFileSync(path.join(ROOT, 'node_modules/@mantine/core/styles.css'), 'utf8')
    const order = [...readFileSync(path.join(ROOT, 'src/app/styles/dashboard.ts'), 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1]!)
    const at = order.map((name) => whole.indexOf(readFileSync(path.join(STYLES, `${name}.css`), 'utf8').trim().slice(0, 200)))
    expect(at.every((i) => i >= 0)).toBe(true)
    expect(at).toEqual([...at].sort((a, b) => a - b))
  })
})
