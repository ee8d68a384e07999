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

  var rules =
    '.mika-b{position:fixed;right:20px;bottom:20px;z-index:2147483000;width:60px;height:60px;border:0;border-radius:50%;cursor:pointer;' +
    'display:grid;place-items:center;box-shadow:0 8px 24px rgba(0,0,0,.28);transition:transform .15s}.mika-b:hover{transform:scale(1.06)}' +
    '.mika-b:focus-visible{outline:3px solid #5AA9FF;outline-offset:3px}.mika-b svg{width:28px;height:28px}' +
    '.mika-f{position:fixed;right:20px;bottom:92px;z-index:2147483000;width:380px;height:600px;max-height:calc(100vh - 112px);border:0;' +
    'border-radius:18px;box-shadow:0 16px 48px rgba(0,0,0,.3);background:#282D33;visibility:hidden;opacity:0;transform:translateY(12px);' +
    'transition:opacity .18s,transform .18s,visibility 0s .18s}.mika-f.mika-o{visibility:visible;opacity:1;transform:none;transition:opacity .18s,transform .18s}' +
    '@media (max-width:480px){.mika-f{right:0;bottom:0;width:100%;height:100%;max-height:none;border-radius:0}.mika-b.mika-o{display:none}}';
  // A constructed style sheet: a website whose Content-Security-Policy allows no inline styles
  // (style-src without 'unsafe-inline', common on strict sites) refuses a <style> element, not this.
  if (window.CSSStyleSheet && document.adoptedStyleSheets && 'replaceSync' in CSSStyleSheet.prototype) {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(rules);
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
  } else {
    var css = document.createElement('style');
    css.textContent = rules;
    document.head.appendChild(css);
  }

  // Icons built as elements, not as markup: a website that enforces Trusted Types refuses innerHTML.
  function icon(d) {
    var ns = 'http://www.w3.org/2000/svg';
    var el = document.createElementNS(ns, 'svg');
    var attrs = { viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'none', stroke: 'currentColor', 'stroke-width': '2.2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    var path = document.createElementNS(ns, 'path');
    path.setAttribute('d', d);
    el.appendChild(path);
    return el;
  }
  var chatPath = 'M4 5h16v11H9l-5 4z';
  var closePath = 'M6 6l12 12M18 6L6 18';

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
    while (b.firstChild) b.removeChild(b.firstChild);
    b.appendChild(icon(open ? closePath : chatPath));
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
