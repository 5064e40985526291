/*
 * triage.js - the first panel of a league `loa-arena import` made
 * (docs/arena.md): the contestant's losses by its timeout, invalid answer
 * or crash first, then its other losses by plies to the end, the
 * shortest first, each linking its replay page. The order is the
 * arena's (live.js: dashboard.triage.losses); this draws it. Loaded after
 * index.js, whose loaLeague it wraps; a league without a triage hides
 * the panel. Every text goes in as text (textContent), never as HTML.
 */
(function () {
  'use strict';
  const inner = window.loaLeague;
  /* as index.js's: every text through LoaChart.visible (chart.js), so a
   * CodinGame name's bidirectional controls cannot reorder the page */
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, LoaChart.attr(k, attrs[k])); });
    if (text !== undefined) e.textContent = LoaChart.visible(String(text));
    return e;
  }
  function link(D, id) {
    const t = String(id).padStart(6, '0');
    const g = (D.games || []).find(function (x) { return x.id === id; });
    return g && g.page ? el('a', {href: g.page}, t) : el('span', {'class': 'nopage'}, t);
  }
  /* "as black W-D-L, as white W-D-L" of bot me, from the dashboard's
   * results against each opponent with each colour. */
  function colours(D, me) {
    const vs = (D.dashboard.bots && D.dashboard.bots[me] && D.dashboard.bots[me].vs) || {};
    const sum = {black: [0, 0, 0], white: [0, 0, 0]};
    Object.keys(vs).forEach(function (o) {
      ['black', 'white'].forEach(function (c) {
        (vs[o][c] || []).forEach(function (n, i) { if (i < 3) sum[c][i] += n; });
      });
    });
    return 'as black ' + sum.black.join('-') + ', as white ' + sum.white.join('-') + ' (W-D-L);';
  }
  const WORDS = {timeout: 'its timeout', invalid: 'its invalid answer', crash: 'its crash', '': 'on the board'};
  function draw(D) {
    const box = document.getElementById('triage-panel');
    const t = D && D.dashboard && D.dashboard.triage;
    if (!box) return;
    box.hidden = !t;
    if (!t) return;
    const table = document.getElementById('triage'), losses = t.losses || [];
    while (table.firstChild) table.removeChild(table.firstChild);
    document.getElementById('triage-me').textContent = LoaChart.visible(t.me);
    const faulted = losses.filter(function (l) { return l.fault !== ''; }).length;
    const words = document.getElementById('triage-words');
    words.textContent = LoaChart.visible(losses.length + ' game' + (losses.length === 1 ? '' : 's') + ' lost, ' +
      faulted + ' by a timeout, an invalid answer or a crash; ' + colours(D, t.me) + ' ');
    const page = D.bot_pages && D.bot_pages[t.me];
    if (page) words.appendChild(el('a', {href: page, id: 'triage-bot'}, 'by opponent and colour'));
    const head = el('tr');
    ['game', 'lost by', 'reason', 'plies', 'colour', 'opponent'].forEach(function (h) { head.appendChild(el('th', {}, h)); });
    table.appendChild(head);
    losses.forEach(function (l) {
      const tr = el('tr', {'data-id': String(l.id), 'data-fault': l.fault});
      const td = el('td');
      td.appendChild(link(D, l.id));
      tr.appendChild(td);
      tr.appendChild(el('td', l.fault ? {'class': 'bad'} : {}, WORDS[l.fault] || l.fault));
      tr.appendChild(el('td', {}, l.reason));
      tr.appendChild(el('td', {'class': 'num'}, l.plies));
      tr.appendChild(el('td', {}, l.colour));
      tr.appendChild(el('td', {}, l.opponent));
      table.appendChild(tr);
    });
  }
  window.loaLeague = function (data) {
    if (inner) inner.apply(this, arguments); /* its other arguments too (a refused filter) */
    draw(data);
  };
})();
