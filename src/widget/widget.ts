// The widget's DOM: a launcher button and a chat panel in an open shadow root
// on a host element of its own. Everything is built with createElement and
// textContent (the owner's texts and the assistant's replies are data, never
// markup), styled by one adopted stylesheet (styles.ts), and wired with
// addEventListener, so it runs under a CSP with no 'unsafe-inline' at all.
//
// While the panel is open on a visible page and a conversation is under way,
// the widget fetches the conversation (poll.ts) to show the owner's replies;
// a closed panel or a hidden tab asks nothing, and opening it again fetches
// what arrived meanwhile.
import type { I18n } from '@lingui/core'
import type { ReadyConfig, WidgetLanguage } from './config.ts'
import { readableTextOn } from './contrast.ts'
import { awaitingPerson, loadConversation, saveConversation, withAnswer, withFetched, type ChatMessage, type Conversation } from './conversation.ts'
import { fetchMessages, sendChatMessage, type SendDeps } from './api.ts'
import { botSaid, errorMessage, text, typing } from './messages.ts'
import { createPoller, type PollOutcome } from './poll.ts'
import { WIDGET_CSS } from './styles.ts'

/** The host element's tag: a custom element name, so the page's `div`/`button` rules never match it. */
export const HOST_TAG = 'chatbot-widget'
/** Marked once the launcher works: what the benchmark times. */
export const READY_MARK = 'chatbot-widget:ready'

export type WidgetDeps = SendDeps & {
  i18n: I18n
  language: WidgetLanguage
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
}

const SVG_NS = 'http://www.w3.org/2000/svg'
const ICONS = {
  chat: 'M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM7 9h10v2H7zm0-3h10v2H7zm0 6h7v2H7z',
  down: 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z',
  close: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  send: 'M3.4 20.4 20.85 12.92a1 1 0 0 0 0-1.84L3.4 3.6a.99.99 0 0 0-1.39.91L2 9.12c0 .5.37.93.87.99L17 12 2.87 13.88c-.5.07-.87.5-.87 1l.01 4.61c0 .71.73 1.2 1.39.91z',
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, content?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (content !== undefined) node.textContent = content
  return node
}

function icon(path: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('focusable', 'false')
  const shape = document.createElementNS(SVG_NS, 'path')
  shape.setAttribute('d', path)
  svg.append(shape)
  return svg
}

export function mountWidget(config: ReadyConfig, deps: WidgetDeps): HTMLElement {
  const { i18n } = deps
  const t = i18n._.bind(i18n)
  const botName = config.botName ?? t(text.defaultBotName)
  let conversation: Conversation = loadConversation(deps.storage, config.userId)
  let sending = false

  const host = document.createElement(HOST_TAG)
  const shadow = host.attachShadow({ mode: 'open' })
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(WIDGET_CSS)
  shadow.adoptedStyleSheets = [sheet]

  const root = el('div', 'root')
  root.lang = deps.language
  // Custom properties through the CSSOM, which CSP allows (a style attribute in markup it would not),
  // on an element inside the shadow root, where no rule of the page can override them.
  root.style.setProperty('--cw-primary', config.primaryColor)
  root.style.setProperty('--cw-on-primary', readableTextOn(config.primaryColor))
  if (config.position === 'bottom-left') root.classList.add('left')
  if (config.animation) root.classList.add('anim')

  const launcher = el('button', 'launcher')
  launcher.type = 'button'
  launcher.setAttribute('aria-controls', 'cw-panel')

  const panel = el('div', 'panel')
  panel.id = 'cw-panel'
  panel.hidden = true
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-labelledby', 'cw-title')

  const head = el('div', 'head')
  const avatar = el('div', 'avatar', [...botName][0]!.toLocaleUpperCase(deps.language))
  avatar.setAttribute('aria-hidden', 'true')
  const titles = el('div', 'titles')
  const title = el('h2', 'title', botName)
  title.id = 'cw-title'
  titles.append(title, el('p', 'sub', t(text.subtitle)))
  const closeButton = el('button', 'icon-btn')
  closeButton.type = 'button'
  closeButton.setAttribute('aria-label', t(text.closeChat))
  closeButton.append(icon(ICONS.close))
  head.append(avatar, titles, closeButton)

  // role=log is a polite live region: each new message is read out, the history is not re-read.
  const log = el('div', 'log')
  log.setAttribute('role', 'log')
  log.setAttribute('aria-labelledby', 'cw-title')
  // Scrollable, so reachable by keyboard for reading back.
  log.tabIndex = 0

  const typingBubble = el('div', 'msg bot typing')
  typingBubble.append(el('span', 'sr', t(typing(botName))), el('i'), el('i'), el('i'))

  // Always there, empty when there is nothing to say, so that what it says is announced.
  const note = el('div', 'note')
  note.setAttribute('role', 'status')

  const error = el('div', 'error')
  error.setAttribute('role', 'alert')
  error.hidden = true

  const form = el('form', 'form')
  const input = el('input', 'input')
  input.type = 'text'
  input.name = 'message'
  input.autocomplete = 'off'
  input.maxLength = 1000
  input.enterKeyHint = 'send'
  input.placeholder = t(text.placeholder)
  input.setAttribute('aria-label', t(text.messageLabel))
  const sendButton = el('button', 'send')
  sendButton.type = 'submit'
  sendButton.setAttribute('aria-label', t(text.send))
  sendButton.append(icon(ICONS.send))
  form.append(input, sendButton)

  panel.append(head, log, note, error, form)
  root.append(panel, launcher)
  shadow.append(root)

  const scrollDown = () => {
    log.scrollTop = log.scrollHeight
  }
  const bubble = (message: ChatMessage): HTMLElement => {
    const node = el('div', `msg ${message.role}`)
    const who = message.role === 'user' ? text.you : message.role === 'owner' ? text.business : botSaid(botName)
    node.append(el('span', 'sr', t(who) + ' '), message.text)
    log.append(node)
    return node
  }
  const showNote = () => {
    const says = awaitingPerson(conversation) ? t(text.passedOn) : ''
    if (note.textContent !== says) note.textContent = says
  }
  bubble({ role: 'bot', text: config.welcomeMessage ?? t(text.defaultWelcome) })
  for (const message of conversation.messages) bubble(message)
  showNote()

  const poll = async (): Promise<PollOutcome> => {
    const { conversationId, lastId } = conversation
    if (!conversationId) return 'stop'
    const result = await fetchMessages(config.apiUrl, { userId: config.userId, conversationId, after: lastId }, deps)
    // A message answered meanwhile under another id: the next poll reads that conversation.
    if (conversation.conversationId !== conversationId) return 'again'
    if (!result.ok) {
      // Asking again will not change these; the next message or opening the panel starts over.
      if (result.error === 'unavailable' || result.error === 'not_allowed' || result.error === 'invalid_request') return 'stop'
      return { backoff: true, retryAfter: result.retryAfter }
    }
    const { conversation: next, fresh } = withFetched(conversation, result.messages)
    conversation = next
    if (fresh.length > 0 || next.lastId !== lastId) saveConversation(deps.storage, config.userId, conversation)
    if (fresh.length > 0) {
      for (const message of fresh) bubble(message)
      // The dots of a message being sent stay last.
      if (typingBubble.isConnected) log.append(typingBubble)
      showNote()
      scrollDown()
    }
    return 'again'
  }
  const poller = createPoller(poll)
  const follow = () => {
    if (!panel.hidden && document.visibilityState !== 'hidden' && conversation.conversationId) poller.start()
    else poller.stop()
  }

  const setLauncher = (open: boolean) => {
    launcher.replaceChildren(icon(open ? ICONS.down : ICONS.chat))
    launcher.setAttribute('aria-label', t(open ? text.minimizeChat : text.openChat))
    launcher.setAttribute('aria-expanded', String(open))
  }
  setLauncher(false)

  // The panel follows the visual viewport, which shrinks when a phone's keyboard opens.
  const viewport = window.visualViewport
  const fit = () => {
    if (!viewport) return
    root.style.setProperty('--cw-vh', `${Math.round(viewport.height)}px`)
    root.style.setProperty('--cw-vtop', `${Math.round(viewport.offsetTop)}px`)
  }

  const open = () => {
    if (!panel.hidden) return
    fit()
    viewport?.addEventListener('resize', fit)
    viewport?.addEventListener('scroll', fit)
    panel.hidden = false
    root.classList.add('open')
    setLauncher(true)
    scrollDown()
    input.focus()
    follow()
  }
  const close = () => {
    if (panel.hidden) return
    viewport?.removeEventListener('resize', fit)
    viewport?.removeEventListener('scroll', fit)
    panel.hidden = true
    root.classList.remove('open')
    setLauncher(false)
    launcher.focus()
    follow()
  }

  const send = async () => {
    const message = input.value.trim()
    if (!message || sending) return
    sending = true
    error.hidden = true
    input.value = ''
    const mine: ChatMessage = { role: 'user', text: message }
    const mineBubble = bubble(mine)
    log.append(typingBubble)
    scrollDown()
    const result = await sendChatMessage(
      config.apiUrl,
      { userId: config.userId, message, language: deps.language, ...(conversation.conversationId ? { conversationId: conversation.conversationId } : {}) },
      deps,
    )
    typingBubble.remove()
    sending = false
    if (result.ok) {
      conversation = withAnswer(conversation, message, result.reply, result.conversationId)
      saveConversation(deps.storage, config.userId, conversation)
      // No reply: a person has the conversation, and their answer comes by polling.
      if (result.reply !== null) bubble({ role: 'bot', text: result.reply })
      showNote()
      follow()
    } else {
      // Not lost: the text goes back into the box (unless the visitor already typed anew), to send again.
      mineBubble.remove()
      if (input.value === '') input.value = message
      error.textContent = t(errorMessage(result.error, result.retryAfter))
      error.hidden = false
    }
    scrollDown()
  }

  launcher.addEventListener('click', () => (panel.hidden ? open() : close()))
  closeButton.addEventListener('click', close)
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      event.stopPropagation()
      close()
    }
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void send()
  })
  document.addEventListener('visibilitychange', follow)

  document.body.append(host)
  return host
}
