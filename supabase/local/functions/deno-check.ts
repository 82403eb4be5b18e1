// Type-checks every edge function with Deno, as `supabase functions deploy`
// would compile it, and checks that it can be deployed: everything it imports
// lives under supabase/functions (the CLI cannot bundle anything else), and
// every package comes from an `npm:` specifier or the function's deno.json.
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

/** What would break a deploy even though the code type-checks here. */
export function deployProblems(name: string, graph: { modules: GraphModule[] }, dir = FUNCTIONS_DIR): string[] {
  const problems: string[] = []
  const functionsUrl = pathToFileURL(dir + path.sep).href
  const nodeModulesUrl = pathToFileURL(path.join(PROJECT_ROOT, 'node_modules') + path.sep).href
  const configFile = path.join(dir, name, 'deno.json')
  const imports: Record<string, string> = existsSync(configFile)
    ? ((JSON.parse(readFileSync(configFile, 'utf8')) as { imports?: Record<string, string> }).imports ?? {})
    : {}
  const mapped = (spec: string) =>
    spec in imports || Object.keys(imports).some((k) => k.endsWith('/') && spec.startsWith(k))
  for (const m of graph.modules) {
    if (!m.specifier.startsWith(functionsUrl)) continue
    const from = path.relative(dir, fileURLToPath(m.specifier))
    for (const dep of m.dependencies ?? []) {
      const target = dep.code?.specifier ?? dep.type?.specifier ?? ''
      if (target.startsWith(nodeModulesUrl)) {
        if (!dep.specifier.startsWith('npm:') && !mapped(dep.specifier)) {
          problems.push(`${from} imports "${dep.specifier}", which only node_modules provides: map it in ${name}/deno.json ("npm:…")`)
        }
      } else if (target.startsWith('file:') && !target.startsWith(functionsUrl)) {
        problems.push(`${from} imports ${path.relative(PROJECT_ROOT, fileURLToPath(target))}, outside supabase/functions: a deploy cannot bundle it`)
      }
    }
  }
  return problems
}

export async function checkFunction(name: string, deno = findDeno(), dir = FUNCTIONS_DIR): Promise<FunctionCheck> {
  const entry = path.join(dir, name, 'index.ts')
  const config = path.join(dir, name, 'deno.json')
  const common = ['--node-modules-dir=manual', ...(existsSync(config) ? ['--config', config] : [])]
  const checked = await run(deno, ['check', ...common, entry])
  const problems: string[] = []
  let output = `${checked.stdout}${checked.stderr}`.trim()
  if (checked.code !== 0) problems.push('deno check failed')
  const info = await run(deno, ['info', '--json', ...common, entry])
  if (info.code !== 0) {
    problems.push('deno info failed')
    output += `\n${info.stderr}`
  } else {
    problems.push(...deployProblems(name, JSON.parse(info.stdout) as { modules: GraphModule[] }, dir))
  }
  return { name, ok: problems.length === 0, problems, output }
}

export async function checkAllFunctions(names = listFunctions()): Promise<FunctionCheck[]> {
  const deno = findDeno()
  const results: FunctionCheck[] = []
  for (const name of names) results.push(await checkFunction(name, deno))
  return results
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
