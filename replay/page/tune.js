/*
 * tune.js - draws a tune's page (tune.html, element #tune-data: DIR's
 * tune-state.json with {dir}: pairs, pairs_played, games, complete,
 * command, params: [{name, type, start, min, max, c_end, r_end, theta,
 * value}], history: {pairs: [...], theta: {name: [...]}}). Everything is
 * text (textContent) or SVG built element by element.
 */
'use strict';
(function () {
  const D = JSON.parse(document.getElementById('tune-data').textContent);
  const NS = 'http://www.w3.org/2000/svg';
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text, ns) {
    const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function num(v, d) { return typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(d)) : '-'; }

  $('title').textContent = 'Tune ' + D.dir;
  $('summary').textContent = [D.pairs_played + ' of ' + D.pairs + ' pairs', D.games + ' games',
    'A ' + D.A + ', alpha ' + D.alpha + ', gamma ' + D.gamma, D.complete ? 'complete' : 'incomplete'].join(' \u00b7 ');
  $('command').textContent = D.command || '';

  const t = $('params');
  const head = el('tr');
  ['parameter', 'type', 'start', 'min', 'max', 'c_end', 'r_end', 'theta', 'plays'].forEach(function (h) {
    head.appendChild(el('th', {}, h));
  });
  t.appendChild(head);
  (D.params || []).forEach(function (p) {
    const tr = el('tr', {'data-param': p.name});
    [p.name, p.type, num(p.start, 3), num(p.min, 3), num(p.max, 3), num(p.c_end, 3), num(p.r_end, 5),
     num(p.theta, 3), num(p.value, 3)].forEach(function (c, i) {
      tr.appendChild(el('td', i > 1 ? {'class': 'num'} : {}, c));
    });
    t.appendChild(tr);
  });

  /* One chart per parameter: x the pairs played (0..pairs), y theta. */
  const H = D.history || {pairs: [], theta: {}};
  const W = 420, HT = 200, L = 48, R = 10, T = 10, B = 28;
  (D.params || []).forEach(function (p) {
    const ys = (H.theta && H.theta[p.name]) || [];
    const xs = H.pairs || [];
    let lo = Math.min.apply(null, ys.concat([p.start])), hi = Math.max.apply(null, ys.concat([p.start]));
    if (!(hi > lo)) { lo -= 1; hi += 1; }
    const pad = (hi - lo) * 0.08;
    lo -= pad; hi += pad;
    const xmax = Math.max(D.pairs || 1, 1);
    const X = function (x) { return L + (W - L - R) * x / xmax; };
    const Y = function (y) { return T + (HT - T - B) * (hi - y) / (hi - lo); };
    const box = el('div', {'class': 'chart', 'data-param': p.name});
    box.appendChild(el('h2', {}, p.name));
    const svg = el('svg', {width: W, height: HT, viewBox: '0 0 ' + W + ' ' + HT}, null, NS);
    svg.appendChild(el('line', {'class': 'axis', x1: L, y1: HT - B, x2: W - R, y2: HT - B}, null, NS));
    svg.appendChild(el('line', {'class': 'axis', x1: L, y1: T, x2: L, y2: HT - B}, null, NS));
    svg.appendChild(el('line', {'class': 'start', x1: L, y1: Y(p.start), x2: W - R, y2: Y(p.start)}, null, NS));
    [lo + pad, hi - pad].forEach(function (v) {
      svg.appendChild(el('text', {x: L - 4, y: Y(v) + 4, 'text-anchor': 'end'}, num(v, 2), NS));
    });
    svg.appendChild(el('text', {x: L, y: HT - 8}, '0', NS));
    svg.appendChild(el('text', {x: W - R, y: HT - 8, 'text-anchor': 'end'}, xmax + ' pairs', NS));
    const pts = ys.map(function (y, i) { return X(xs[i]).toFixed(1) + ',' + Y(y).toFixed(1); });
    svg.appendChild(el('polyline', {'class': 'theta', points: pts.join(' ')}, null, NS));
    box.appendChild(svg);
    $('charts').appendChild(box);
  });
})();
