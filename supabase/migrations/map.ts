// The map in README.md of which migration holds the live definition of each
// table, function, view, trigger, policy and type. Later migrations redefine
// objects that earlier ones created, so the first file that mentions a name
// is often not the one the database runs.
//
//   npx tsx supabase/migrations/map.ts           rewrites the map in README.md
//   npx tsx supabase/migrations/map.ts --check   exits 1 when README.md is stale
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { listMigrations, MIGRATIONS_DIR } from '../local/migrate.ts'

export type Migration = { file: string; sql: string }

/** Where a table or type was created (under which name) and the last migration that changed it. */
export type Changed = { created: string; createdAs: string; changed: string }

export type SchemaMap = {
  tables: Map<string, Changed>
  types: Map<string, Changed>
  views: Map<string, string>
  /** Function name → identity arguments of each live overload → file; the newest definition is last. */
  functions: Map<string, Map<string, string>>
  /** Table → trigger → file. */
  triggers: Map<string, Map<string, string>>
  /** Table → policy → file. */
  policies: Map<string, Map<string, string>>
  /** Statements that named an object the map does not know; they point at a gap in the parser. */
  warnings: string[]
}

export const START_MARKER = '<!-- map:start -->'
export const END_MARKER = '<!-- map:end -->'
export const STALE_MESSAGE = 'supabase/migrations/README.md is out of date: run npm run migrations:map'

const DOLLAR_TAG = /\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/y

/**
 * The statements of a script, one line each: comments dropped, string
 * literals emptied and dollar-quoted bodies reduced to `$$`, so text inside a
 * function body or a string never reads as a definition.
 */
export function statements(sql: string): string[] {
  const out: string[] = []
  let cur = ''
  const push = () => {
    const s = cur.replace(/\s+/g, ' ').trim()
    if (s) out.push(s)
    cur = ''
  }
  let i = 0
  while (i < sql.length) {
    const c = sql[i]!
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      i = end < 0 ? sql.length : end
      cur += ' '
      continue
    }
    if (c === '/' && sql[i + 1] === '*') {
      // PostgreSQL block comments nest.
      let depth = 0
      do {
        if (sql.startsWith('/*', i)) {
          depth++
          i += 2
        } else if (sql.startsWith('*/', i)) {
          depth--
          i += 2
        } else i++
      } while (depth > 0 && i < sql.length)
      cur += ' '
      continue
    }
    if (c === "'") {
      const escapes = /(^|[^A-Za-z0-9_$])[eE]$/.test(cur)
      i++
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2
        else if (sql[i] === "'") break
        else i++
      }
      i++
      cur += "''"
      continue
    }
    if (c === '"') {
      let end = i + 1
      while (end < sql.length && !(sql[end] === '"' && sql[end + 1] !== '"')) end += sql[end] === '"' ? 2 : 1
      cur += sql.slice(i, end + 1)
      i = end + 1
      continue
    }
    // After an identifier character, `$` belongs to the identifier, as PostgreSQL reads it.
    const tag = c === '$' && !/[A-Za-z0-9_$]$/.test(cur) ? dollarTagAt(sql, i) : undefined
    if (tag) {
      const end = sql.indexOf(tag, i + tag.length)
      i = end < 0 ? sql.length : end + tag.length
      cur += '$$'
      continue
    }
    if (c === ';') push()
    else cur += c
    i++
  }
  push()
  return out
}

function dollarTagAt(sql: string, i: number): string | undefined {
  DOLLAR_TAG.lastIndex = i
  return DOLLAR_TAG.exec(sql)?.[0]
}

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`
const NAME = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`
const re = (source: string) => new RegExp(source, 'i')

const unquote = (part: string) => (part.startsWith('"') ? part.slice(1, -1).replace(/""/g, '"') : part.toLowerCase())

/** `public.x`, `"public"."x"` and `x` are all `x`; other schemas stay in the name. */
export function objectName(raw: string): string {
  const parts = (raw.match(new RegExp(IDENT, 'g')) ?? []).map(unquote)
  if (parts.length === 2 && parts[0] === 'public') return parts[1]!
  return parts.join('.')
}

/** A rename keeps the object in its schema. */
function renamed(old: string, to: string): string {
  const dot = old.lastIndexOf('.')
  return (dot < 0 ? '' : old.slice(0, dot + 1)) + objectName(to)
}

/** Splits at commas outside parentheses. */
function topLevel(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++
    else if (list[i] === ')') depth--
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  parts.push(list.slice(start))
  return parts.map((p) => p.trim()).filter(Boolean)
}

/** The text between the parenthesis at `open` and its match. */
function parenthesised(s: string, open: number): string | undefined {
  let depth = 0
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++
    else if (s[i] === ')' && --depth === 0) return s.slice(open + 1, i)
  }
  return undefined
}

const TYPE_ALIASES: Record<string, string> = {
  int: 'integer',
  int4: 'integer',
  int2: 'smallint',
  int8: 'bigint',
  bool: 'boolean',
  float4: 'real',
  float: 'double precision',
  float8: 'double precision',
  decimal: 'numeric',
  varchar: 'character varying',
  char: 'character',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  timetz: 'time with time zone',
  time: 'time without time zone',
}

// Types whose name has a space, which would otherwise read as `name type`.
const SPACED_TYPE = re(
  String.raw`^(?:double precision|(?:character|char|bit) varying|national char(?:acter)?(?: varying)?|(?:timestamp|time) with(?:out)? time zone)\b`,
)

/**
 * The arguments that identify an overload, as PostgreSQL matches them:
 * types only, without names, defaults, OUT arguments or type modifiers, so
 * `create function f(p_id uuid, p_n int default 1)` and
 * `drop function f(uuid, integer)` agree.
 */
export function identityArguments(list: string): string {
  const types: string[] = []
  for (let arg of topLevel(list)) {
    arg = arg
      .replace(/\s+default\s.*$|\s*=.*$/i, '')
      .replace(/\s*\([^)]*\)/g, '')
      .replace(/\s*\[\s*\d*\s*\]/g, '[]')
      .trim()
    const mode = /^(in|out|inout|variadic)\s+/i.exec(arg)
    if (mode?.[1]!.toLowerCase() === 'out') continue
    if (mode) arg = arg.slice(mode[0].length)
    if (!SPACED_TYPE.test(arg) && /\s/.test(arg)) arg = arg.replace(new RegExp(`^${IDENT}\\s+`), '')
    const array = /\[\]$/.test(arg) ? '[]' : ''
    const base = arg.replace(/(\[\])+$/, '')
    const type = (base.includes('"') ? objectName(base) : base.toLowerCase().replace(/\s+/g, ' ')).replace(
      /^(?:pg_catalog|public)\s*\.\s*/,
      '',
    )
    types.push((TYPE_ALIASES[type] ?? type) + array)
  }
  return types.join(', ')
}

function child(map: Map<string, Map<string, string>>, key: string): Map<string, string> {
  let inner = map.get(key)
  if (!inner) map.set(key, (inner = new Map()))
  return inner
}

/** Moves what hangs off a table (policies, triggers) when the table is renamed or dropped. */
function moveTable(map: SchemaMap, from: string, to: string | undefined) {
  for (const byTable of [map.policies, map.triggers]) {
    const inner = byTable.get(from)
    byTable.delete(from)
    if (inner && to) byTable.set(to, inner)
  }
}

/** Follows the migrations in order and keeps, for each object still there, where it was last (re)defined. */
export function buildMap(migrations: Migration[]): SchemaMap {
  const map: SchemaMap = {
    tables: new Map(),
    types: new Map(),
    views: new Map(),
    functions: new Map(),
    triggers: new Map(),
    policies: new Map(),
    warnings: [],
  }
  const dropList = (s: string) => topLevel(s.replace(/\s+(?:cascade|restrict)$/i, ''))

  for (const { file, sql } of migrations) {
    const warn = (what: string) => map.warnings.push(`${file}: ${what}`)
    // Scratch tables live for one migration's session and are not part of the schema.
    const temporary = new Set<string>()
    const change = (objects: Map<string, Changed>, name: string, to = name) => {
      const entry = objects.get(name)
      if (!entry) return warn(`changes unknown ${name}`)
      objects.delete(name)
      objects.set(to, { ...entry, changed: file })
    }

    for (const st of statements(sql)) {
      let m: RegExpExecArray | null

      if ((m = re(String.raw`^create\s+(?:(?:global|local)\s+)?(?:(temp|temporary|unlogged)\s+)?table\s+(if\s+not\s+exists\s+)?(${NAME})`).exec(st))) {
        const name = objectName(m[3]!)
        if (/^temp/i.test(m[1] ?? '')) {
          temporary.add(name)
          continue
        }
        if (m[2] && map.tables.has(name)) continue
        map.tables.set(name, { created: file, createdAs: name, changed: file })
      } else if ((m = re(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?(${NAME})\s+(.*)$`).exec(st))) {
        const name = objectName(m[1]!)
        const to = re(String.raw`^rename\s+to\s+(${IDENT})$`).exec(m[2]!)
        // Tables in other schemas (auth.users, storage.objects) come with the platform.
        if (!map.tables.has(name) && name.includes('.')) continue
        const next = to ? renamed(name, to[1]!) : name
        change(map.tables, name, next)
        if (next !== name) moveTable(map, name, next)
      } else if ((m = re(String.raw`^drop\s+table\s+(if\s+exists\s+)?(.*)$`).exec(st))) {
        for (const raw of dropList(m[2]!)) {
          const name = objectName(raw)
          if (temporary.delete(name)) continue
          if (!map.tables.delete(name) && !m[1]) warn(`drops unknown table ${name}`)
          moveTable(map, name, undefined)
        }
      } else if ((m = re(String.raw`^create\s+(?:or\s+replace\s+)?(?:function|procedure)\s+(${NAME})\s*\(`).exec(st))) {
        const args = identityArguments(parenthesised(st, m[0].length - 1) ?? '')
        const overloads = child(map.functions, objectName(m[1]!))
        // Re-inserting keeps the newest definition last in the map.
        overloads.delete(args)
        overloads.set(args, file)
      } else if ((m = re(String.raw`^drop\s+(?:function|procedure|routine)\s+(if\s+exists\s+)?(.*)$`).exec(st))) {
        for (const item of dropList(m[2]!)) {
          const head = re(`^(${NAME})\\s*`).exec(item)
          if (!head) continue
          const name = objectName(head[1]!)
          const overloads = map.functions.get(name)
          const list = item[head[0].length] === '(' ? parenthesised(item, head[0].length) : undefined
          if (!overloads) {
            if (!m[1]) warn(`drops unknown function ${name}`)
          } else if (list === undefined) {
            map.functions.delete(name)
          } else {
            const args = identityArguments(list)
            if (overloads.has(args)) overloads.delete(args)
            // PostgreSQL refuses a drop without `if exists` that matches nothing, so
            // with one overload left this spelling of the types must mean it.
            else if (!m[1] && overloads.size === 1) overloads.clear()
            else if (!m[1]) warn(`drops ${name}(${args}), which matches none of its overloads`)
            if (overloads.size === 0) map.functions.delete(name)
          }
        }
      } else if ((m = re(String.raw`^alter\s+(?:function|procedure|routine)\s+(${NAME})\s*`).exec(st))) {
        const name = objectName(m[1]!)
        const list = st[m[0].length] === '(' ? parenthesised(st, m[0].length) : undefined
        const rest = st.slice(m[0].length + (list === undefined ? 0 : list.length + 2))
        const to = re(String.raw`^\s*rename\s+to\s+(${IDENT})$`).exec(rest)
        const overloads = map.functions.get(name)
        if (!to || !overloads) continue
        const args = list === undefined ? [...overloads.keys()].at(-1)! : identityArguments(list)
        if (!overloads.delete(args)) continue
        if (overloads.size === 0) map.functions.delete(name)
        child(map.functions, renamed(name, to[1]!)).set(args, file)
      } else if ((m = re(String.raw`^create\s+(?:or\s+replace\s+)?(temp\s+|temporary\s+)?(?:recursive\s+)?(?:materialized\s+)?view\s+(?:if\s+not\s+exists\s+)?(${NAME})`).exec(st))) {
        if (!m[1]) map.views.set(objectName(m[2]!), file)
      } else if ((m = re(String.raw`^alter\s+(?:materialized\s+)?view\s+(?:if\s+exists\s+)?(${NAME})\s+rename\s+to\s+(${IDENT})$`).exec(st))) {
        const name = objectName(m[1]!)
        if (!map.views.delete(name)) warn(`renames unknown view ${name}`)
        else map.views.set(renamed(name, m[2]!), file)
      } else if ((m = re(String.raw`^drop\s+(?:materialized\s+)?view\s+(if\s+exists\s+)?(.*)$`).exec(st))) {
        for (const raw of dropList(m[2]!)) if (!map.views.delete(objectName(raw)) && !m[1]) warn(`drops unknown view ${objectName(raw)}`)
      } else if ((m = re(String.raw`^create\s+type\s+(${NAME})`).exec(st))) {
        const name = objectName(m[1]!)
        map.types.set(name, { created: file, createdAs: name, changed: file })
      } else if ((m = re(String.raw`^alter\s+type\s+(${NAME})\s+(.*)$`).exec(st))) {
        const name = objectName(m[1]!)
        const to = re(String.raw`^rename\s+to\s+(${IDENT})$`).exec(m[2]!)
        change(map.types, name, to ? renamed(name, to[1]!) : name)
      } else if ((m = re(String.raw`^drop\s+type\s+(if\s+exists\s+)?(.*)$`).exec(st))) {
        for (const raw of dropList(m[2]!)) if (!map.types.delete(objectName(raw)) && !m[1]) warn(`drops unknown type ${objectName(raw)}`)
      } else if ((m = re(String.raw`^create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+(${IDENT})\s.*?\bon\s+(${NAME})`).exec(st))) {
        child(map.triggers, objectName(m[2]!)).set(objectName(m[1]!), file)
      } else if ((m = re(String.raw`^alter\s+trigger\s+(${IDENT})\s+on\s+(${NAME})\s+rename\s+to\s+(${IDENT})$`).exec(st))) {
        const triggers = map.triggers.get(objectName(m[2]!))
        if (triggers?.delete(objectName(m[1]!))) triggers.set(objectName(m[3]!), file)
      } else if ((m = re(String.raw`^drop\s+trigger\s+(if\s+exists\s+)?(${IDENT})\s+on\s+(${NAME})`).exec(st))) {
        const table = objectName(m[3]!)
        if (!map.triggers.get(table)?.delete(objectName(m[2]!)) && !m[1]) warn(`drops unknown trigger ${objectName(m[2]!)} on ${table}`)
        if (map.triggers.get(table)?.size === 0) map.triggers.delete(table)
      } else if ((m = re(String.raw`^create\s+policy\s+(${IDENT})\s+on\s+(${NAME})`).exec(st))) {
        child(map.policies, objectName(m[2]!)).set(unquote(m[1]!), file)
      } else if ((m = re(String.raw`^alter\s+policy\s+(${IDENT})\s+on\s+(${NAME})(?:\s+rename\s+to\s+(${IDENT}))?`).exec(st))) {
        const policies = map.policies.get(objectName(m[2]!))
        const name = unquote(m[1]!)
        if (!policies?.delete(name)) warn(`alters unknown policy ${name}`)
        else policies.set(m[3] ? unquote(m[3]) : name, file)
      } else if ((m = re(String.raw`^drop\s+policy\s+(if\s+exists\s+)?(${IDENT})\s+on\s+(${NAME})`).exec(st))) {
        const table = objectName(m[3]!)
        const name = unquote(m[2]!)
        if (!map.policies.get(table)?.delete(name) && !m[1]) warn(`drops unknown policy ${name} on ${table}`)
        if (map.policies.get(table)?.size === 0) map.policies.delete(table)
      }
    }
  }
  return map
}

const byName = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
const link = (file: string) => `[${file}](${file})`
const cell = (text: string) => text.replace(/\|/g, '\\|')

function table(title: string, header: string[], rows: string[][], none: string): string {
  if (rows.length === 0) return `### ${title}\n\n${none}\n`
  return [
    `### ${title} (${rows.length})`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ].join('\n')
}

function changedRows(objects: Map<string, Changed>): string[][] {
  return byName(objects).map(([name, e]) => {
    const created = e.created === e.changed && e.createdAs === name ? '' : link(e.created)
    const as = e.createdAs === name ? '' : ` (as \`${e.createdAs}\`)`
    return [`\`${name}\``, link(e.changed), created + as]
  })
}

/** The Markdown that goes between the markers. */
export function renderMap(map: SchemaMap): string {
  const functions = byName(map.functions).map(([name, overloads]) => {
    const files = [...new Set([...overloads.values()].reverse())]
    const label = overloads.size > 1 ? `\`${name}\` (${overloads.size} overloads)` : `\`${name}\``
    return [label, files.map(link).join(', ')]
  })
  const triggers = byName(map.triggers)
    .flatMap(([tbl, byTrigger]) => [...byTrigger].map(([name, file]) => [name, tbl, file] as const))
    .sort(([a, ta], [b, tb]) => (a !== b ? (a < b ? -1 : 1) : ta < tb ? -1 : ta > tb ? 1 : 0))
    .map(([name, tbl, file]) => [`\`${name}\``, `\`${tbl}\``, link(file)])
  const policies = byName(map.policies).flatMap(([tbl, byPolicy]) =>
    byName(byPolicy).map(([name, file]) => [`\`${tbl}\``, cell(name), link(file)]),
  )
  return [
    [
      'This map is generated by `npm run migrations:map`; do not edit it by hand.',
      'For each object the migrations leave in the database, it names the',
      'migration that holds its live definition. A function or view can be',
      'redefined by a later `create or replace`, so the newest migration that',
      'holds one is the definition the database runs. A table is created once and',
      'then changed by `alter table`: "Last changed in" is the newer of the two,',
      'and "Created in" is shown when it differs. Dropped objects are left out.',
      'Policies are listed under their table.',
    ].join('\n'),
    '',
    table('Tables', ['Table', 'Last changed in', 'Created in'], changedRows(map.tables), 'No tables.'),
    table('Functions', ['Function', 'Live definition'], functions, 'No functions.'),
    table('Views', ['View', 'Live definition'], byName(map.views).map(([name, file]) => [`\`${name}\``, link(file)]), 'No views.'),
    table('Triggers', ['Trigger', 'On table', 'Live definition'], triggers, 'No triggers.'),
    table('Policies', ['Table', 'Policy', 'Live definition'], policies, 'No policies.'),
    table('Types', ['Type', 'Last changed in', 'Created in'], changedRows(map.types), 'No types.'),
  ].join('\n')
}

/** `readme` with the map between the markers; the markers are appended when missing. */
export function withMap(readme: string, rendered: string): string {
  const section = `${START_MARKER}\n\n${rendered.trimEnd()}\n\n${END_MARKER}`
  const start = readme.indexOf(START_MARKER)
  const end = readme.indexOf(END_MARKER, start)
  if (start < 0 || end < 0) return `${readme.trimEnd()}${readme.trim() ? '\n\n' : ''}${section}\n`
  return readme.slice(0, start) + section + readme.slice(end + END_MARKER.length)
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = await listMigrations(dir)
  return Promise.all(files.map(async (m) => ({ file: path.basename(m.file), sql: await readFile(m.file, 'utf8') })))
}

/** What README.md holds now and what it should hold. */
export async function readmeState(dir = MIGRATIONS_DIR): Promise<{ file: string; current: string; expected: string; warnings: string[] }> {
  const file = path.join(dir, 'README.md')
  const current = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return ''
    throw e
  })
  const map = buildMap(await readMigrations(dir))
  return { file, current, expected: withMap(current, renderMap(map)), warnings: map.warnings }
}

async function main(args: string[]) {
  const unknown = args.filter((a) => a !== '--check')
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown[0]}; usage: npx tsx supabase/migrations/map.ts [--check]`)
    process.exitCode = 2
    return
  }
  const { file, current, expected, warnings } = await readmeState()
  for (const w of warnings) console.warn(`warning: ${w}`)
  if (args.includes('--check')) {
    if (current !== expected) {
      console.error(STALE_MESSAGE)
      process.exitCode = 1
    }
    return
  }
  if (current !== expected) await writeFile(file, expected)
  console.info(current === expected ? 'supabase/migrations/README.md is up to date' : 'supabase/migrations/README.md updated')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2))
