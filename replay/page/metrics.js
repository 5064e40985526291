/*
 * metrics.js - what the bots say about themselves (docs/metrics.md: the
 * `[PDATA][turn] name = value` lines the referee reads) drawn by the pages.
 * Needs chart.js (LoaChart), loaded before it.
 *
 * LoaMetrics.curves(box, bot): a bot's page; bot is one entry of
 *   standings.json's metrics.bots. One chart per turn metric that has a
 *   "by_ply": its median against the ply (each bucket of 10 plies drawn at
 *   its middle) and the p10-p90 band; each svg has class "metric-curve" and
 *   data-metric. Text metrics have no curve.
 * LoaMetrics.game(D, go): a game's page; D is the replay page's data, whose
 *   plies' turns may hold "metrics" (name -> number or text, page.c). Fills
 *   #metric-charts-panel (hidden, as #metrics-panel, when no ply has any):
 *   a chart of each numeric metric over the game, one series per side (x
 *   the ply its turn answered; a click goes to that ply through go(n); a
 *   dashed cursor at the shown ply), and returns show(n), which writes
 *   #ply-metrics (by the board): each side's
 *   metrics of its last turn at or before ply n (the table's rows carry
 *   data-metric, its cells data-side) and moves the cursors.
 * Every text shown goes through LoaChart.visible (a bot's names are
 * hostile); nothing is written as HTML.
 */
'use strict';
(function () {
  const C = window.LoaChart;
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, C.attr(k, attrs[k]));
    if (text !== undefined) e.textContent = C.visible(String(text));
    return e;
  }
  function show(v) { return typeof v === 'number' ? C.fmt(v) : String(v); }
  function range(points) {
    let lo = Infinity, hi = -Infinity;
    points.forEach(function (p) { for (let i = 1; i < p.length; i++) { lo = Math.min(lo, p[i]); hi = Math.max(hi, p[i]); } });
    const pad = hi > lo ? (hi - lo) * 0.05 : Math.max(1, Math.abs(hi) * 0.05);
    return {min: lo - pad, max: hi + pad};
  }

  function curves(box, bot) {
    C.clear(box);
    (bot.metrics || []).forEach(function (m) {
      const b = m.by_ply || [];
      if (m.scope === 'game' || !b.length) return;
      const mid = function (s) { return s.to === null || s.to === undefined ? s.from + 5 : (s.from + s.to) / 2; };
      const points = b.map(function (s) { return [mid(s), s.median]; });
      const band = b.map(function (s) { return [mid(s), s.p10, s.p90]; });
      const y = range(band.concat(points));
      const div = el('div', {'class': 'metric-chart'});
      div.appendChild(el('h3', {}, m.name + ': median and p10-p90 by 10 plies'));
      const svgEl = C.svg('svg', {'class': 'chart metric-curve', 'data-metric': m.name, viewBox: '0 0 900 180'});
      div.appendChild(svgEl);
      box.appendChild(div);
      C.line(svgEl, {width: 900, height: 180, x: {min: 0, max: Math.max(20, b[b.length - 1].from + 9), label: 'ply'},
                     y: {min: y.min, max: y.max, label: m.name}, series: [{name: m.name, color: C.color(0), points: points,
                                                                            band: band, dots: true}]});
    });
  }

  /* The numeric metrics of a game by name: {name: [[black points], [white points]]}. */
  function series(D) {
    const out = Object.create(null), order = []; /* a bot may name a metric "constructor" */
    D.plies.forEach(function (p) {
      const m = p.turn && p.turn.metrics;
      if (!m) return;
      Object.keys(m).forEach(function (k) {
        if (typeof m[k] !== 'number') return;
        if (!out[k]) { out[k] = [[], []]; order.push(k); }
        out[k][p.color === 'white' ? 1 : 0].push([p.ply, m[k]]);
      });
    });
    return {by: out, order: order};
  }

  function game(D, go) {
    const panel = document.getElementById('metrics-panel');
    const any = D.plies.some(function (p) { return p.turn && p.turn.metrics && Object.keys(p.turn.metrics).length; });
    if (!panel) return function () {};
    panel.hidden = !any;
    document.getElementById('metric-charts-panel').hidden = !any;
    if (!any) return function () {};
    const S = series(D), box = document.getElementById('metric-charts'), N = D.plies.length;
    const names = (D.players || []).map(function (p) { return p.name; });
    const cursors = [];
    const label = function (i) { return (names[i] || (i ? 'white' : 'black')) + (i ? ' (white)' : ' (black)'); };
    C.clear(box);
    const legend = el('div');
    box.appendChild(legend);
    C.legend(legend, [0, 1].map(function (i) { return {name: label(i), color: C.color(i)}; }));
    S.order.forEach(function (k) {
      const sides = S.by[k].map(function (pts, i) {
        return {name: label(i), color: C.color(i),
                points: pts, dots: pts.length <= 80};
      }).filter(function (s) { return s.points.length; });
      const y = range(sides.reduce(function (a, s) { return a.concat(s.points); }, []));
      const svgEl = C.svg('svg', {'class': 'chart metric-game', 'data-metric': k, viewBox: '0 0 600 120'});
      const div = el('div', {'class': 'metric-chart'});
      div.appendChild(el('h3', {}, k));
      div.appendChild(svgEl);
      box.appendChild(div);
      const m = C.line(svgEl, {width: 600, height: 120, x: {min: 0, max: Math.max(1, N), label: 'ply'},
                               y: {min: y.min, max: y.max, label: k}, series: sides});
      const cur = C.svg('line', {y1: m.top, y2: m.bottom, stroke: '#888', 'stroke-dasharray': '2 2', 'class': 'metric-cursor'});
      svgEl.appendChild(cur);
      cursors.push({line: cur, x: m.x});
      svgEl.addEventListener('click', function (ev) {
        const r = svgEl.getBoundingClientRect(), x = (ev.clientX - r.left) * 600 / r.width;
        go(Math.round((x - m.left) * N / (m.right - m.left)));
      });
    });
    return function (n) {
      cursors.forEach(function (c) { c.line.setAttribute('x1', c.x(n)); c.line.setAttribute('x2', c.x(n)); });
      const t = document.getElementById('ply-metrics');
      C.clear(t);
      const last = [null, null];
      for (let i = 0; i < n && i < N; i++) {
        const p = D.plies[i];
        if (p.turn && p.turn.metrics) last[p.color === 'white' ? 1 : 0] = p;
      }
      const head = el('tr');
      head.appendChild(el('th', {}, 'metric'));
      last.forEach(function (p, i) { head.appendChild(el('th', {}, (i ? 'white' : 'black') + (p ? ', ply ' + p.ply : ''))); });
      t.appendChild(head);
      const keys = [];
      last.forEach(function (p) { if (p) Object.keys(p.turn.metrics).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); }); });
      keys.forEach(function (k) {
        const tr = el('tr', {'data-metric': k});
        tr.appendChild(el('td', {}, k));
        last.forEach(function (p, i) {
          const v = p && p.turn.metrics[k];
          tr.appendChild(el('td', {'class': 'num', 'data-side': i ? 'white' : 'black'}, v === undefined || v === null ? '-' : show(v)));
        });
        t.appendChild(tr);
      });
    };
  }

  window.LoaMetrics = {curves: curves, game: game};
})();
