// The widget's stylesheet, adopted by its shadow root (never a <style>
// element or a style attribute, so a page whose CSP has no 'unsafe-inline'
// for styles still draws it). Lengths are px, never rem: the host page's
// root font size is not ours. The host page's rules cannot reach inside the
// shadow root; `:host` with !important wins even over the page's !important
// rules for the host element itself (shadow cascade order), so `* { all:
// unset }` or `div { display: none !important }` on the page change nothing.
//
// Custom properties set on .root from script (CSSOM, allowed by CSP):
// --cw-primary, --cw-on-primary, and --cw-vh / --cw-vtop, the visual
// viewport, so a phone's on-screen keyboard never covers the input.
export const WIDGET_CSS = `
:host{all:initial!important;display:block!important;position:static!important;visibility:visible!important;opacity:1!important;transform:none!important;contain:none!important}
*{box-sizing:border-box;margin:0;padding:0}
[hidden]{display:none!important}
.root{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#111827;-webkit-text-size-adjust:100%;text-size-adjust:100%}
button{font:inherit;color:inherit;background:none;border:0;cursor:pointer}
svg{display:block;fill:currentColor;flex:none}
:focus-visible{outline:3px solid #111827;outline-offset:2px;box-shadow:0 0 0 5px #fff}
.launcher{position:fixed;bottom:20px;right:20px;z-index:2147483000;width:60px;height:60px;border-radius:50%;display:grid;place-items:center;background:var(--cw-primary);color:var(--cw-on-primary);box-shadow:0 6px 20px rgba(17,24,39,.25),0 2px 6px rgba(17,24,39,.15);transition:transform .15s ease}
.launcher:hover{transform:scale(1.06)}
.launcher svg{width:28px;height:28px}
.left .launcher{right:auto;left:20px}
.panel{position:fixed;bottom:92px;right:20px;z-index:2147483001;width:380px;height:min(640px,calc(var(--cw-vh,100dvh) - 112px));min-height:300px;display:flex;flex-direction:column;overflow:hidden;background:#fff;border-radius:16px;box-shadow:0 16px 48px rgba(17,24,39,.22),0 2px 8px rgba(17,24,39,.12)}
.left .panel{right:auto;left:20px}
.anim .panel{animation:cw-in .18s ease-out}
@keyframes cw-in{from{opacity:0;transform:translateY(12px) scale(.98)}to{opacity:1;transform:none}}
.head{display:flex;align-items:center;gap:12px;padding:14px 12px 14px 16px;background:var(--cw-primary);color:var(--cw-on-primary)}
.avatar{width:38px;height:38px;border-radius:50%;display:grid;place-items:center;font-weight:700;font-size:17px;background:rgba(255,255,255,.22);border:2px solid currentColor}
.titles{flex:1;min-width:0}
.title{font-size:16px;font-weight:650;line-height:1.25;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.sub{font-size:13px;line-height:1.3}
.icon-btn{width:40px;height:40px;border-radius:50%;display:grid;place-items:center;color:inherit}
.icon-btn:hover{background:rgba(127,127,127,.2)}
.icon-btn svg{width:22px;height:22px}
.log{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:16px 14px;display:flex;flex-direction:column;gap:10px;background:#f7f8fa}
.msg{max-width:85%;padding:9px 13px;border-radius:16px;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word}
.bot,.owner{align-self:flex-start;background:#fff;color:#111827;border:1px solid #e5e7eb;border-bottom-left-radius:4px}
.user{align-self:flex-end;background:var(--cw-primary);color:var(--cw-on-primary);border-bottom-right-radius:4px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.typing{display:flex;gap:5px;align-items:center;padding:13px 14px}
.typing i{width:8px;height:8px;border-radius:50%;background:#6b7280;animation:cw-dot 1.2s infinite ease-in-out}
.typing i:nth-child(2){animation-delay:.15s}
.typing i:nth-child(3){animation-delay:.3s}
@keyframes cw-dot{0%,60%,100%{opacity:.35;transform:none}30%{opacity:1;transform:translateY(-4px)}}
.note{padding:0 14px 8px;background:#f7f8fa;color:#4b5563;font-size:13px;text-align:center}
.note:empty{padding:0}
.error{margin:0 12px 8px;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#991b1b;border:1px solid #fecaca;font-size:14px}
.form{display:flex;gap:8px;align-items:center;padding:10px 12px 12px;border-top:1px solid #e5e7eb;background:#fff}
.input{flex:1;min-width:0;height:44px;padding:0 14px;font:inherit;font-size:16px;color:#111827;background:#fff;border:1px solid #9ca3af;border-radius:22px}
.input::placeholder{color:#6b7280;opacity:1}
.input:focus-visible{outline:2px solid var(--cw-primary);outline-offset:1px;box-shadow:none;border-color:#6b7280}
.send{width:44px;height:44px;border-radius:50%;display:grid;place-items:center;background:var(--cw-primary);color:var(--cw-on-primary)}
.send svg{width:20px;height:20px}
@media (max-width:480px){
.panel{top:var(--cw-vtop,0px);bottom:auto;left:0;right:0;width:100%;max-width:100%;height:var(--cw-vh,100dvh);min-height:0;border-radius:0}
.left .panel{left:0}
.open .launcher{display:none}
}
@media (prefers-reduced-motion:reduce){.anim .panel,.typing i{animation:none}.launcher{transition:none}}
`
