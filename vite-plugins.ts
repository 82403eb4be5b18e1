// Build steps of the PWA beyond Vite's own; `vite build` runs them all.
//
// prerenderLanding: a server build of src/app/prerender.tsx renders `/` to
// HTML, which goes into index.html so the landing page paints before its
// scripts run; they are requested once it has painted. The page without it
// is kept as shell.html: the app host and the service worker answer every
// other path with it, so /dashboard or /auth never flash the landing page.
// Both preload what the entry imports as it starts (see vite.config.ts).
//
// widgetScript: the website chat widget (src/widget/) as one classic script
// at a fixed URL, /chatbot-widget.js, that owners' pages load.
//
// precompress: a .br and a .gz beside every compressible file, for servers
// that send precompressed files (supabase/local/app-host.ts does).
import { readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { build, type LogLevel, type Plugin, type Rolldown } from 'vite'
import type { PrerenderedPage } from './src/app/prerender.tsx'

/** The page for every path but `/`: the app with an empty root. */
export const SHELL_FILE = 'shell.html'

const ROOT_ELEMENT = '<div id="root"></div>'
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * The page paints from its HTML and stylesheet alone, so its scripts are
 * requested once it has painted: on a slow link they would otherwise take
 * the bandwidth the stylesheet needs. A hidden tab never paints, so there
 * they are requested at once.
 */
function scriptsAfterFirstPaint(entry: string, preloads: string[]): string {
  const add = `function add(tag,attrs){var e=document.createElement(tag);e.crossOrigin='';for(var k in attrs)e[k]=attrs[k];document.head.appendChild(e)}`
  const load =
    `function load(){${JSON.stringify(preloads)}.forEach(function(href){add('link',{rel:'modulepreload',href:href})});` +
    `add('script',{type:'module',src:${JSON.stringify(entry)}})}`
  return (
    `<script>(function(){${add}${load}` +
    `if(document.visibilityState==='hidden')load();else requestAnimationFrame(function(){setTimeout(load)})})()</script>`
  )
}

function withPage(html: string, page: PrerenderedPage): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html)
  const entry = ENTRY_SCRIPT.exec(html)
  if (!charset || !entry || !html.includes(ROOT_ELEMENT)) {
    throw new Error(`index.html needs a <meta charset>, the entry module script and ${ROOT_ELEMENT}`)
  }
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  const at = charset.index + charset[0].length
  return (html.slice(0, at) + page.head + html.slice(at))
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(ROOT_ELEMENT, `<div id="root">${page.body}</div>${scriptsAfterFirstPaint(entry[1]!, preloads)}`)
}

/**
 * Tags that fetch modules the entry imports dynamically together with the
 * page, with everything they import, and link their stylesheets: the page
 * then paints with all its styles and the app starts without another round trip.
 */
function preloadTags(html: string, bundle: Rolldown.OutputBundle, root: string, base: string, modules: string[]): string {
  const require = createRequire(path.join(root, 'package.json'))
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (scripts.has(chunk.fileName)) return
    scripts.add(chunk.fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css)
    for (const file of chunk.imports) visit(byFile.get(file)!)
  }
  for (const spec of modules) {
    const id = spec.startsWith('src/') ? path.resolve(root, spec) : require.resolve(spec)
    const chunk = chunks.find((c) => c.moduleIds.includes(id))
    if (!chunk) throw new Error(`no chunk holds ${spec}`)
    visit(chunk)
  }
  const fresh = (file: string) => !html.includes(`${base}${file}"`)
  return (
    [...scripts].filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`).join('') +
    [...styles].filter(fresh).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`).join('')
  )
}

export function prerenderLanding(options: {
  entry: string
  /** Modules the app's entry imports dynamically at start; their chunks and styles load with the page. */
  preload: string[]
}): Plugin {
  // Per build process, so parallel builds of one tree never load each other's server bundle.
  const serverOutDir = path.join(os.tmpdir(), `prerender-${process.pid}`)
  let render: (() => Promise<PrerenderedPage>) | undefined
  return {
    name: 'prerender-landing',
    apply: 'build',
    // The client build renders with what the server build produced, so both use this one instance.
    sharedDuringBuild: true,
    config: () => ({
      builder: {},
      environments: {
        ssr: {
          // Bundled whole, so the render runs the same library code as the browser, whatever Node would resolve.
          resolve: { noExternal: true },
          build: {
            outDir: serverOutDir,
            emptyOutDir: true,
            copyPublicDir: false,
            sourcemap: false,
            minify: false,
            rollupOptions: {
              input: { prerender: options.entry },
              output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
            },
          },
        },
      },
    }),
    buildApp: {
      order: 'pre',
      async handler(builder) {
        try {
          await builder.build(builder.environments.ssr!)
          const server = (await import(pathToFileURL(path.join(serverOutDir, 'prerender.mjs')).href)) as {
            renderLandingPage: () => Promise<PrerenderedPage>
          }
          render = server.renderLandingPage
          await builder.build(builder.environments.client!)
        } finally {
          await rm(serverOutDir, { recursive: true, force: true })
        }
      },
    },
    // After Vite has written index.html and before the service worker's precache list is made from the files.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(output, bundle) {
        if (this.environment.name !== 'client' || !output.dir) return
        if (!render) throw new Error('the landing page is rendered by the whole app build (vite build), not by a client build alone')
        const { root, base } = this.environment.config
        const index = path.join(output.dir, 'index.html')
        const built = await readFile(index, 'utf8')
        const shell = built.replace('</head>', `${preloadTags(built, bundle, root, base, options.preload)}</head>`)
        await writeFile(path.join(output.dir, SHELL_FILE), shell)
        await writeFile(index, withPage(shell, await render()))
      },
    },
  }
}

/** The widget script, at the root of the build: its URL is in every snippet owners pasted, so it never changes. */
export const WIDGET_FILE = 'chatbot-widget.js'

/**
 * A second build of the widget's entry, into the app's output directory: an
 * IIFE (a classic script, so `defer` works on any page and it leaks no
 * globals), one file with its catalogs inside, no hash in its name. Owners'
 * pages cache it for as long as the server says, so the app host's ordinary
 * revalidation applies. Written before precompress runs, which then writes
 * its .gz and .br like every other file's.
 */
export function widgetScript(options: { entry: string }): Plugin {
  return {
    name: 'widget-script',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle: {
      sequential: true,
      async handler(output) {
        if (!output.dir) return
        const { root, logLevel } = this.environment.config
        await buildWidget({ root, entry: options.entry, outDir: output.dir, logLevel: logLevel === 'info' ? 'warn' : logLevel })
      },
    },
  }
}

/** The widget build alone (the plugin above runs it; tools may too). */
export async function buildWidget(options: { root: string; entry: string; outDir: string; logLevel?: LogLevel }): Promise<void> {
  await build({
    configFile: false,
    root: options.root,
    logLevel: options.logLevel ?? 'warn',
    plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
    // Lingui (and anything else) keeps its development-only code behind this; a script has no bundler after us.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: options.outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      // Owners' sites reach further back than the app's own browsers.
      target: 'es2020',
      sourcemap: true,
      modulePreload: false,
      rollupOptions: {
        input: path.resolve(options.root, options.entry),
        // domain/ holds pure rules (no I/O, see eslint.config.js): whatever of it the widget does not use can go.
        treeshake: { moduleSideEffects: (id) => !id.startsWith(path.resolve(options.root, 'domain') + path.sep) },
        output: { format: 'iife', entryFileNames: WIDGET_FILE },
      },
    },
  })
}

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/
// Below this a compressed copy saves less than its own headers cost.
const MIN_BYTES = 512
const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (entry.isFile()) yield full
  }
}

// A stale copy from an earlier build would be served instead of the new file.
const drop = (file: string) => unlink(file).catch(() => undefined)

async function writeIfSmaller(file: string, body: Buffer, original: number) {
  if (body.length < original) await writeFile(file, body)
  else await drop(file)
}

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // Last of all, so the service worker and the prerendered page are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { root, build } = this.environment.config
        const work: Array<Promise<unknown>> = []
        for await (const file of files(path.resolve(root, build.outDir))) {
          if (!COMPRESSIBLE.test(file)) continue
          const size = (await stat(file)).size
          if (size < MIN_BYTES) {
            work.push(drop(`${file}.br`), drop(`${file}.gz`))
            continue
          }
          work.push(
            readFile(file).then(async (body) => {
              const [br, gzipped] = await Promise.all([
                brotli(body, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                  },
                }),
                gz(body, { level: 9 }),
              ])
              await Promise.all([writeIfSmaller(`${file}.br`, br, size), writeIfSmaller(`${file}.gz`, gzipped, size)])
            }),
          )
        }
        await Promise.all(work)
      },
    },
  }
}
