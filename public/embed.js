/* Mika chat: <script src="https://mika.example/embed.js" data-mika="{uuid}" data-color="#32363C" async></script> */
(function () {
  'use strict';
  var s = document.currentScript || document.querySelector('script[data-mika]');
  if (!s || window.__mikaEmbed) return;
  var uuid = s.getAttribute('data-mika') || '';
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return;
  window.__mikaEmbed = true;
  var origin = new URL(s.src, location.href).origin;
  var color = s.getAttribute('data-color') || '';
  if (!/^#[0-9a-f]{6}$/i.test(color)) color = '#32363C';
  var c = [1, 3, 5].map(function (i) { return parseInt(color.slice(i, i + 2), 16); });
  var fg = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 186 ? '#000' : '#fff';
  var open = false;
  var ready = false;

  var css = document.createElement('style');
  css.textContent =
    '.mika-b{position:fixed;right:20px;bottom:20px;z-index:2147483000;width:60px;height:60px;border:0;border-radius:50%;cursor:pointer;' +
    'display:grid;place-items:center;box-shadow:0 8px 24px rgba(0,0,0,.28);transition:transform .15s}.mika-b:hover{transform:scale(1.06)}' +
    '.mika-b:focus-visible{outline:3px solid #5AA9FF;outline-offset:3px}.mika-b svg{width:28px;height:28px}' +
    '.mika-f{position:fixed;right:20px;bottom:92px;z-index:2147483000;width:380px;height:600px;max-height:calc(100vh - 112px);border:0;' +
    'border-radius:18px;box-shadow:0 16px 48px rgba(0,0,0,.3);background:#282D33;visibility:hidden;opacity:0;transform:translateY(12px);' +
    'transition:opacity .18s,transform .18s,visibility 0s .18s}.mika-f.mika-o{visibility:visible;opacity:1;transform:none;transition:opacity .18s,transform .18s}' +
    '@media (max-width:480px){.mika-f{right:0;bottom:0;width:100%;height:100%;max-height:none;border-radius:0}.mika-b.mika-o{display:none}}';
  document.head.appendChild(css);

  var svg = '<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">';
  var chatIcon = svg + '<path d="M4 5h16v11H9l-5 4z"/></svg>';
  var closeIcon = svg + '<path d="M6 6l12 12M18 6L6 18"/></svg>';

  var b = document.createElement('button');
  b.type = 'button';
  b.className = 'mika-b';
  b.style.background = color;
  b.style.color = fg;

  // The chat frame loads only when the visitor shows intent (hover, focus or a click on the
  // bubble), never on every page view; nothing is written to this page's storage.
  var f = null;
  function frame() {
    if (f) return f;
    f = document.createElement('iframe');
    f.className = 'mika-f';
    f.title = 'Mika Chat';
    f.src = origin + '/chat/' + uuid;
    f.setAttribute('allow', 'microphone');
    f.setAttribute('aria-hidden', 'true');
    f.tabIndex = -1;
    document.body.insertBefore(f, b);
    return f;
  }

  function post(type) {
    if (f && f.contentWindow) f.contentWindow.postMessage({ type: type }, origin);
  }

  function render() {
    b.innerHTML = open ? closeIcon : chatIcon;
    b.setAttribute('aria-label', open ? 'Chat schließen' : 'Chat öffnen');
    b.setAttribute('aria-expanded', String(open));
    b.classList.toggle('mika-o', open);
    if (!f) return;
    f.classList.toggle('mika-o', open);
    f.setAttribute('aria-hidden', String(!open));
    f.tabIndex = open ? 0 : -1;
  }

  function toggle(next) {
    if (next === open) return;
    open = next;
    if (open) frame();
    render();
    if (ready) post(open ? 'mika:open' : 'mika:close');
    (open ? f : b).focus();
  }

  b.addEventListener('click', function () { toggle(!open); });
  ['pointerenter', 'focus', 'touchstart'].forEach(function (type) {
    b.addEventListener(type, frame, { passive: true });
  });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Escape' && open) toggle(false);
  });
  window.addEventListener('message', function (e) {
    if (!f || e.origin !== origin || e.source !== f.contentWindow) return;
    var type = e.data && e.data.type;
    if (type === 'mika:ready') {
      ready = true;
      if (open) post('mika:open');
    } else if (type === 'mika:close') toggle(false);
  });

  render();
  function mount() {
    document.body.appendChild(b);
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
