// Entry of /chatbot-widget.js (built as one IIFE by vite-plugins.ts): reads
// the config the embed snippet set and draws the widget, or nothing.
import { WIDGET_CONFIG_GLOBAL } from '../../domain/chatbot.ts'
import { readWidgetConfig, widgetLanguage } from './config.ts'
import { sessionStore } from './conversation.ts'
import { widgetI18n } from './i18n.ts'
import { HOST_TAG, mountWidget, READY_MARK } from './widget.ts'

function start() {
  const config = readWidgetConfig((window as unknown as Record<string, unknown>)[WIDGET_CONFIG_GLOBAL])
  // Pasted twice, or a browser too old for adopted stylesheets (which a strict CSP needs): nothing.
  if (!config || document.querySelector(HOST_TAG) || !('adoptedStyleSheets' in ShadowRoot.prototype)) return
  const language = widgetLanguage(document.documentElement.lang)
  mountWidget(config, {
    i18n: widgetI18n(language),
    language,
    storage: sessionStore(),
    fetch: (input, init) => fetch(input, init),
    online: () => navigator.onLine,
  })
  performance.mark?.(READY_MARK)
}

if (document.body) start()
else document.addEventListener('DOMContentLoaded', start, { once: true })
