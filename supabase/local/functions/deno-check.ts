// Type-checks every edge function with Deno, as `supabase functions deploy`
// would compile it, and checks that it can be deployed: everything it imports
// lives under supabase/functions or domain/, and every package comes from an
// `npm:` specifier or the function's deno.json. The CLI bundles a file
// outside supabase/functions only when the function's deno.json maps its
// folder (the Docker bundler mounts exactly the mapped host folders; the API
// upload follows relative imports within the project), so a domain/ import
// needs `"../../../domain/": "../../../domain/"` there.
// Packages resolve from the project's node_modules (nodeModulesDir "manual"),
// so no registry is needed. Run: tsx supabase/local/functions/deno-check.ts [name…]
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { denoEnv, findDeno } from './deno-binary.ts'
import { FUNCTIONS_DIR } from './index.ts'

const PROJECT_ROOT = path.resolve(FUNCTIONS_DIR, '..', '..')

export type FunctionCheck = { name: string; ok: boolean; problems: string[]; output: string }

export function listFunctions(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.') && existsSync(path.join(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort()
}

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Any registry request would be a resolution that node_modules could not
    // satisfy; pointing npm at a closed port turns it into a plain failure.
    const child = spawn(cmd, args, { cwd: PROJECT_ROOT, env: denoEnv(PROJECT_ROOT, { NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/' }) })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
  })
}

type GraphModule = { specifier: string; dependencies?: { specifier: string; code?: { specifier?: string }; type?: { specifier?: string } }[] }

/** Folders outside supabase/functions whose pure code the functions share (architecture: domain/ only). */
export const SHARED_FOLDERS = ['domain']

/** What would break a deploy even though the code type-checks here. */
export function deployProblems(name: string, graph: { modules: GraphModule[] }, dir = FUNCTIONS_DIR): string[] {
  const problems: string[] = []
  const root = path.resolve(dir, '..', '..')
  const functionsUrl = pathToFileURL(dir + path.sep).href
  const nodeModulesUrl = pathToFileURL(path.join(root, 'node_modules') + path.sep).href
  const sharedUrls = SHARED_FOLDERS.map((f) => pathToFileURL(path.join(root, f) + path.sep).href)
  const configFile = path.join(dir, name, 'deno.json')
  const imports: Record<string, string> = existsSync(configFile)
    ? ((JSON.parse(readFileSync(configFile, 'utf8')) as { imports?: Record<string, string> }).imports ?? {})
    : {}
  const mapped = (spec: string) =>
    spec in imports || Object.keys(imports).some((k) => k.endsWith('/') && spec.startsWith(k))
  // Folders the import map names by path: what the Docker bundler mounts besides supabase/functions.
  const mountedUrls = Object.values(imports)
    .filter((v) => v.endsWith('/') && (v.startsWith('./') || v.startsWith('../')))
    .map((v) => pathToFileURL(path.resolve(path.dirname(configFile), v) + path.sep).href)
  const rel = (url: string) => path.relative(root, fileURLToPath(url))
  for (const m of graph.modules) {
    const inFunctions = m.specifier.startsWith(functionsUrl)
    const shared = sharedUrls.find((u) => m.specifier.startsWith(u))
    if (!inFunctions && !shared) continue
    const from = inFunctions ? path.relative(dir, fileURLToPath(m.specifier)) : rel(m.specifier)
    for (const dep of m.dependencies ?? []) {
      const target = dep.code?.specifier ?? dep.type?.specifier ?? ''
      if (target.startsWith(nodeModulesUrl)) {
        // Bare specifiers of domain/ files resolve through the function's import map too.
        if (!dep.specifier.startsWith('npm:') && !mapped(dep.specifier)) {
          problems.push(`${from} imports "${dep.specifier}", which only node_modules provides: map it in ${name}/deno.json ("npm:…")`)
        }
      } else if (shared) {
        // Only the shared folder itself is mounted for the bundler.
        if (!target.startsWith(shared)) problems.push(`${from} imports "${dep.specifier}": code shared with functions imports only its own folder and packages`)
      } else if (target.startsWith('file:') && !target.startsWith(functionsUrl)) {
        const folder = sharedUrls.find((u) => target.startsWith(u))
        if (!folder) {
          problems.push(`${from} imports ${rel(target)}, outside supabase/functions and ${SHARED_FOLDERS.join(', ')}: a deploy cannot bundle it`)
        } else if (!mountedUrls.some((u) => target.startsWith(u) && folder.startsWith(u))) {
          const mapping = path.relative(path.join(dir, name), fileURLToPath(folder)).split(path.sep).join('/') + '/'
          problems.push(`${from} imports ${rel(target)}: map "${mapping}": "${mapping}" in ${name}/deno.json so a deploy bundles that folder`)
        }
      }
    }
  }
  return problems
}

/** The flags every deno call for this function takes: its own import map, packages from node_modules. */
function denoFlags(name: string, dir: string): string[] {
  const config = path.join(dir, name, 'deno.json')
  return ['--node-modules-dir=manual', ...(existsSync(config) ? ['--config', config] : [])]
}

/** What `deno info` says would break this function's deploy. */
async function deployCheck(name: string, deno: string, dir: string): Promise<{ problems: string[]; output: string }> {
  const info = await run(deno, ['info', '--json', ...denoFlags(name, dir), path.join(dir, name, 'index.ts')])
  if (info.code !== 0) return { problems: ['deno info failed'], output: info.stderr }
  return { problems: deployProblems(name, JSON.parse(info.stdout) as { modules: GraphModule[] }, dir), output: '' }
}

export async function checkFunction(name: string, deno = findDeno(), dir = FUNCTIONS_DIR): Promise<FunctionCheck> {
  const checked = await run(deno, ['check', ...denoFlags(name, dir), path.join(dir, name, 'index.ts')])
  const problems: string[] = checked.code === 0 ? [] : ['deno check failed']
  const deploy = await deployCheck(name, deno, dir)
  problems.push(...deploy.problems)
  const output = [`${checked.stdout}${checked.stderr}`.trim(), deploy.output].filter(Boolean).join('\n')
  return { name, ok: problems.length === 0, problems, output }
}

/** Functions whose deno.json files say the same, so one `deno check` can type-check them together. */
export function groupBySameConfig(names: readonly string[], dir = FUNCTIONS_DIR): string[][] {
  const groups = new Map<string, string[]>()
  for (const name of names) {
    const config = path.join(dir, name, 'deno.json')
    const key = existsSync(config) ? readFileSync(config, 'utf8') : ''
    groups.set(key, [...(groups.get(key) ?? []), name])
  }
  return [...groups.values()]
}

/**
 * Functions with the same import map are type-checked in one program: their
 * shared code is checked once, not once per function. Only a group that fails
 * is checked again one function at a time, to say which of them fails.
 */
export async function checkAllFunctions(names = listFunctions(), dir = FUNCTIONS_DIR): Promise<FunctionCheck[]> {
  const deno = findDeno()
  const results = new Map<string, FunctionCheck>()
  for (const group of groupBySameConfig(names, dir)) {
    const checked = await run(deno, ['check', ...denoFlags(group[0]!, dir), ...group.map((name) => path.join(dir, name, 'index.ts'))])
    for (const name of group) {
      if (checked.code !== 0) {
        results.set(name, await checkFunction(name, deno, dir))
        continue
      }
      const deploy = await deployCheck(name, deno, dir)
      results.set(name, { name, ok: deploy.problems.length === 0, problems: deploy.problems, output: deploy.output })
    }
  }
  return names.map((name) => results.get(name)!)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2)
  try {
    const results = await checkAllFunctions(names.length ? names : undefined)
    for (const r of results) {
      console.info(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}`)
      if (!r.ok) {
        for (const p of r.problems) console.error(`     ${p}`)
        if (r.output) console.error(r.output.replace(/^/gm, '     '))
      }
    }
    const failed = results.filter((r) => !r.ok).length
    console.info(`${results.length - failed} passed, ${failed} failed`)
    process.exitCode = failed ? 1 : 0
  } catch (e) {
    console.error((e as Error).message)
    process.exitCode = 1
  }
}
