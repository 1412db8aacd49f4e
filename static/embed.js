/* Lauzait Cep! embeds (EMBEDDING.md).
 *
 *   <script src="static/embed.js" defer></script>
 *   <div data-lauzait="LZP1 …" data-demo="mountain" data-interactive></div>
 *
 * turns every <div data-lauzait> into a responsive iframe of embed.html#embed=…, as wide as
 * its container and as tall as its content (the embed reports its height by postMessage).
 * Attributes: data-lauzait (an LZP1 position, or empty for a fresh deal), data-demo
 * (mountain | moves | throw | readings | scoring), data-interactive, data-from,
 * data-seed, data-pieces, data-hand, data-lum, data-players, data-lang (en | ja),
 * data-src (the game's embed.html, or its index.html, which sends the embed on there;
 * default: beside this script's folder).
 * LauzaitEmbed.scan() converts divs added later; LauzaitEmbed.setLang('ja') reloads all
 * embeds in another language.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var defaultSrc = script && script.src ? new URL('../embed.html', script.src).href : 'embed.html';
  var frames = [];
  var KEYS = ['demo', 'from', 'seed', 'pieces', 'hand', 'lum', 'players', 'lang'];

  function fragment(div, lang) {
    var parts = ['embed=' + encodeURIComponent(div.getAttribute('data-lauzait') || '')];
    KEYS.forEach(function (k) {
      var v = k === 'lang' && lang ? lang : div.getAttribute('data-' + k);
      if (v) parts.push(k + '=' + encodeURIComponent(v));
    });
    if (div.hasAttribute('data-interactive')) parts.push('interactive=1');
    return '#' + parts.join('&');
  }

  // data-src: an http(s) address only (a javascript: or data: one would run in the frame).
  function source(div) {
    var src = div.getAttribute('data-src');
    if (!src) return defaultSrc;
    try {
      var url = new URL(src, document.baseURI);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href.split('#')[0];
    } catch (e) { /* not an address: the default */ }
    return defaultSrc;
  }

  // The height an embed is given until it reports its own.
  function firstHeight(div) {
    var demo = div.getAttribute('data-demo') || '';
    var board = demo === '' || demo === 'mountain' || demo === 'moves';
    return (board ? Math.max(div.clientWidth, 200) + 40 : 180) + 'px';
  }

  function build(div) {
    if (div.querySelector('iframe.lauzait-embed')) return;
    var frame = document.createElement('iframe');
    frame.className = 'lauzait-embed';
    frame.title = div.getAttribute('data-title') || div.getAttribute('aria-label') || 'Lauzait Cep!';
    frame.style.cssText = 'display:block;width:100%;border:0;overflow:hidden;';
    frame.style.height = firstHeight(div);
    div.style.minHeight = '';
    frame.setAttribute('scrolling', 'no');
    frame.src = source(div) + fragment(div);
    div.appendChild(frame);
    frames.push({ div: div, frame: frame });
  }

  // Each embed runs the game: one far below the screen is built only when scrolled near, so
  // a page of many boards opens as fast as a page of one. Its place is kept meanwhile.
  var near = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (!e.isIntersecting) return;
      near.unobserve(e.target);
      build(e.target);
    });
  }, { rootMargin: '600px 0px' }) : null;

  function scan(root) {
    var list = (root || document).querySelectorAll('div[data-lauzait]');
    for (var i = 0; i < list.length; i++) {
      var div = list[i];
      if (!near) { build(div); continue; }
      if (div.querySelector('iframe.lauzait-embed') || div.style.minHeight) continue;
      div.style.minHeight = firstHeight(div);
      near.observe(div);
    }
  }

  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!d || d.lauzait !== 'embed-size' || typeof d.height !== 'number') return;
    frames.forEach(function (f) {
      if (f.frame.contentWindow === e.source) f.frame.style.height = Math.ceil(d.height) + 'px';
    });
  });

  function setLang(lang) {
    frames.forEach(function (f) {
      var base = f.frame.src.split('#')[0];
      f.frame.src = base + fragment(f.div, lang);
    });
  }

  window.LauzaitEmbed = { scan: scan, setLang: setLang, frames: function () { return frames.map(function (f) { return f.frame; }); } };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { scan(); });
  else scan();
})();
