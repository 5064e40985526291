/*
 * chart.js - the charts of the replay and league pages, drawn as SVG by the
 * page itself (no library, no network): line charts with an optional band
 * (an interval), horizontal reference lines, a clipped or logarithmic y
 * axis, and bar charts. Shared by replay.js (time, evaluation) and
 * index.js (Elo over games, the SPRT's LLR over pairs, time per turn).
 *
 * LoaChart.line(svg, opts): opts {
 *   width, height (viewBox units), x: {min, max, label}, y: {min, max, label, log},
 *   series: [{name, color, points: [[x, y], ...], band: [[x, lo, hi], ...], dots}],
 *   hlines: [{y, color, label, dash}], clip: true (points above y.max drawn at
 *   the top as triangles, those below y.min at the bottom, their value in
 *   the title) }
 * Each series' polyline carries class "series" and data-name; each point of a
 * series with dots is a circle of class "pt" (tests count them).
 * Returns {x: fn, y: fn, left, right, top, bottom} to place more marks.
 *
 * LoaChart.visible(s): s with each bidirectional control (U+200E, U+200F,
 * U+202A..U+202E, U+2066..U+2069) written as a visible marker, "<U+202E>",
 * as lichess and GitHub show them: a bot's name, comment or stderr cannot
 * reverse or reorder the text around it. Every page loads this file first,
 * so every text a page shows (its el() helpers, the charts' own text and
 * legends, tooltips) goes through it.
 */
'use strict';
(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  function visible(s) {
    return typeof s !== 'string' ? s : s.replace(BIDI, function (c) {
      return '<U+' + c.charCodeAt(0).toString(16).toUpperCase() + '>';
    });
  }
  /* The text an element shows, its tooltip (title) alike: visible(). */
  function attr(k, v) { return k === 'title' ? visible(String(v)) : v; }
  function svg(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs || {}) e.setAttribute(k, attr(k, attrs[k]));
    if (text !== undefined) e.textContent = visible(String(text));
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  /* Round tick steps: 1, 2, 5 times a power of ten, about n ticks. */
  function ticks(lo, hi, n) {
    if (!(hi > lo)) return [lo];
    const raw = (hi - lo) / n, p = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 5, 10].map(function (m) { return m * p; }).find(function (s) { return s >= raw; });
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
    return out;
  }
  function fmt(v) {
    const a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 10 ? String(Math.round(v * 10) / 10) : String(Math.round(v * 100) / 100);
  }
  function line(el, o) {
    clear(el);
    const W = o.width || 600, H = o.height || 200, L = 46, R = 10, T = 10, B = 32;
    el.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    const log = !!(o.y && o.y.log);
    let xmin = o.x.min, xmax = o.x.max, ymin = o.y.min, ymax = o.y.max;
    if (xmax <= xmin) xmax = xmin + 1;
    if (log) { ymin = Math.max(ymin, 1e-3); if (ymax <= ymin) ymax = ymin * 10; }
    else if (ymax <= ymin) ymax = ymin + 1;
    const ly = function (v) { return log ? Math.log10(Math.max(v, ymin)) : v; };
    const X = function (v) { return L + (v - xmin) * (W - L - R) / (xmax - xmin); };
    const Y = function (v) {
      const f = (ly(v) - ly(ymin)) / (ly(ymax) - ly(ymin));
      return T + (H - T - B) * (1 - Math.max(0, Math.min(1, f)));
    };
    el.appendChild(svg('rect', {x: L, y: T, width: W - L - R, height: H - T - B, fill: '#fafaf7', stroke: '#ddd'}));
    const yt = log ? (function () { const t = []; for (let e = Math.ceil(Math.log10(ymin)); e <= Math.log10(ymax) + 1e-9; e++) t.push(Math.pow(10, e)); return t; })()
                   : ticks(ymin, ymax, 4);
    yt.forEach(function (v) {
      el.appendChild(svg('line', {x1: L, x2: W - R, y1: Y(v), y2: Y(v), stroke: '#eee'}));
      el.appendChild(svg('text', {x: L - 4, y: Y(v) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#666', 'class': 'ytick'}, fmt(v)));
    });
    ticks(xmin, xmax, 6).forEach(function (v) {
      el.appendChild(svg('text', {x: X(v), y: H - B + 13, 'text-anchor': 'middle', 'font-size': 10, fill: '#666', 'class': 'xtick'}, fmt(v)));
    });
    if (o.x.label) el.appendChild(svg('text', {x: W - R, y: H - 4, 'text-anchor': 'end', 'font-size': 10, fill: '#666'}, o.x.label));
    if (o.y.label) el.appendChild(svg('text', {x: L + 4, y: T + 11, 'font-size': 10, fill: '#666'}, o.y.label + (log ? ' (log scale)' : '')));
    (o.hlines || []).forEach(function (h) {
      if (h.y < ymin || h.y > ymax) return;
      el.appendChild(svg('line', {x1: L, x2: W - R, y1: Y(h.y), y2: Y(h.y), stroke: h.color || '#c62828',
                                  'stroke-dasharray': h.dash || '4 3', 'class': 'hline'}));
      if (h.label) el.appendChild(svg('text', {x: W - R - 2, y: Y(h.y) - 3, 'text-anchor': 'end', 'font-size': 10,
                                               fill: h.color || '#c62828'}, h.label));
    });
    (o.series || []).forEach(function (s) {
      if (s.band && s.band.length > 1) {
        const up = s.band.map(function (b) { return X(b[0]).toFixed(1) + ',' + Y(b[2]).toFixed(1); });
        const down = s.band.slice().reverse().map(function (b) { return X(b[0]).toFixed(1) + ',' + Y(b[1]).toFixed(1); });
        el.appendChild(svg('polygon', {points: up.concat(down).join(' '), fill: s.color, opacity: 0.15,
                                       'class': 'band', 'data-name': s.name}));
      }
      if (!s.points.length) return;
      el.appendChild(svg('polyline', {points: s.points.map(function (p) { return X(p[0]).toFixed(1) + ',' + Y(p[1]).toFixed(1); }).join(' '),
                                      fill: 'none', stroke: s.color, 'stroke-width': 1.5, 'class': 'series', 'data-name': s.name}));
      if (s.dots) s.points.forEach(function (p) {
        const over = o.clip && p[1] > ymax, under = o.clip && !log && p[1] < ymin;
        const c = over ? svg('path', {d: 'M' + (X(p[0]) - 4) + ',' + (T + 7) + ' l4,-7 l4,7 z', fill: '#c62828', 'class': 'pt clipped'})
                : under ? svg('path', {d: 'M' + (X(p[0]) - 4) + ',' + (H - B - 7) + ' l4,7 l4,-7 z', fill: '#c62828', 'class': 'pt clipped'})
                : svg('circle', {cx: X(p[0]), cy: Y(p[1]), r: 2.2, fill: s.color, 'class': 'pt'});
        c.appendChild(svg('title', {}, s.name + ': ' + fmt(p[1])));
        el.appendChild(c);
      });
    });
    return {x: X, y: Y, left: L, right: W - R, top: T, bottom: H - B};
  }
  /* Bars: opts {width, height, labels: [...], series: [{name, color, values}]}
   * side by side per label; each bar a rect of class "hbar". */
  function bars(el, o) {
    clear(el);
    const W = o.width || 600, H = o.height || 180, L = 40, R = 10, T = 10, B = 30;
    el.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    let top = 1;
    o.series.forEach(function (s) { s.values.forEach(function (v) { top = Math.max(top, v); }); });
    const n = o.labels.length, k = Math.max(1, o.series.length), slot = (W - L - R) / Math.max(1, n);
    const Y = function (v) { return T + (H - T - B) * (1 - v / top); };
    el.appendChild(svg('rect', {x: L, y: T, width: W - L - R, height: H - T - B, fill: '#fafaf7', stroke: '#ddd'}));
    ticks(0, top, 3).forEach(function (v) {
      el.appendChild(svg('text', {x: L - 4, y: Y(v) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#666'}, fmt(v)));
    });
    o.labels.forEach(function (lab, i) {
      el.appendChild(svg('text', {x: L + slot * (i + 0.5), y: H - B + 13, 'text-anchor': 'middle', 'font-size': 9, fill: '#666'}, lab));
      o.series.forEach(function (s, j) {
        const v = s.values[i] || 0, w = slot * 0.8 / k;
        const r = svg('rect', {x: L + slot * i + slot * 0.1 + j * w, y: Y(v), width: Math.max(1, w - 1), height: Y(0) - Y(v),
                               fill: s.color, 'class': 'hbar', 'data-name': s.name});
        r.appendChild(svg('title', {}, s.name + ' ' + lab + ': ' + v));
        el.appendChild(r);
      });
    });
    if (o.xlabel) el.appendChild(svg('text', {x: W - R, y: H - 4, 'text-anchor': 'end', 'font-size': 10, fill: '#666'}, o.xlabel));
  }
  /* A legend: one coloured name per series, as text. */
  function legend(el, series) {
    clear(el);
    series.forEach(function (s) {
      const sp = document.createElement('span');
      sp.className = 'legend';
      sp.style.color = s.color;
      sp.textContent = visible('\u25cf ' + s.name);
      el.appendChild(sp);
    });
  }
  const PALETTE = ['#1c5fb8', '#d98e04', '#2e7d32', '#c62828', '#7b4bb7', '#00838f', '#6d4c41', '#ad1457',
                   '#455a64', '#9e9d24'];
  window.LoaChart = {line: line, bars: bars, legend: legend, svg: svg, clear: clear, fmt: fmt,
                     visible: visible, attr: attr,
                     color: function (i) { return PALETTE[i % PALETTE.length]; }};
})();
