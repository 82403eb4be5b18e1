import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress, prerenderLanding, SHELL_FILE, WIDGET_FILE, widgetScript } from './vite-plugins.ts'

export default defineConfig({
  plugins: [
    react(),
    // Lingui's macros (t, Trans, msg) need a Babel pass; plugin-react 6 no longer runs Babel itself.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Mesaj Asistanı',
        short_name: 'Asistan',
        description: 'İşletmeniz için yapay zekâ destekli müşteri mesajlaşma asistanı: WhatsApp ve web sitesi yanıtları, ürün kataloğu ve randevular',
        lang: 'tr',
        // Installed, the app opens on the owner's dashboard; the guards send a signed-out visitor to /auth.
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0c7a6b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The first install takes the open page over, so it works offline without a second visit.
        clientsClaim: true,
        // A tap on the inbox's notification opens that conversation.
        importScripts: ['/sw-notifications.js'],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The precompressed copies are for servers; the worker caches what the server decoded.
        // The chat widget is for owners' sites: the app never runs it.
        globIgnores: ['**/*.{br,gz}', WIDGET_FILE],
        // `/` itself is index.html (the prerendered landing page) from the precache; every other path gets the shell.
        navigateFallback: `/${SHELL_FILE}`,
        navigateFallbackDenylist: [/^\/(auth|rest|storage|functions|realtime)\//, /^\/__local\//, /^\/config\.json$/],
        runtimeCaching: [
          {
            // The runtime configuration names the API; keep the last one for offline starts.
            urlPattern: ({ url }) => url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'runtime-config', networkTimeoutSeconds: 3 },
          },
        ],
      },
    }),
    prerenderLanding({
      entry: 'src/app/prerender.tsx',
      // What src/main.tsx imports as it starts: React's renderer, and the language the page is in.
      preload: ['react-dom/client', 'src/locales/tr/messages.po'],
    }),
    widgetScript({ entry: 'src/widget/main.ts' }),
    precompress(),
  ],
  build: { target: 'es2022', sourcemap: true },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1' },
})
