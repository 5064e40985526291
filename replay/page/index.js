/*
 * index.js - draws a league's index page (index.html, element #index-data:
 * {dir, standings (standings.json or null), league (league.json or null),
 * games: [{id, black, white, result, reason, plies, detail, page?,
 * analysed?, worst?, worst_name?}]}): a game loa-analyse analysed links its
 * loser's worst moment (its page at #ply=N).
 * Everything is text (textContent): names and details come from bots.
 * Filters: bot, result, reason; the URL's #bot=..&result=..&reason=..
 * follows them so a filtered list can be linked.
 */
'use strict';
(function () {
  const D = JSON.parse(document.getElementById('index-data').textContent);
  const S = D.standings || {};
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function row(cells, tag, numeric) {
    const tr = el('tr');
    cells.forEach(function (c, i) {
      tr.appendChild(c instanceof Node ? (function () { const td = el(tag || 'td'); td.appendChild(c); return td; })()
                                       : el(tag || 'td', numeric && numeric[i] ? {'class': 'num'} : {}, c));
    });
    return tr;
  }
  function fixed(v, d) { return typeof v === 'number' ? v.toFixed(d) : '-'; }

  $('title').textContent = 'League ' + D.dir;
  const sum = [];
  if (S.format) sum.push(S.format);
  if (S.bots) sum.push(S.bots.length + ' bots');
  sum.push((S.games !== undefined ? S.games : D.games.length) + (S.expected_games ? ' of ' + S.expected_games : '') + ' games');
  if (S.seed !== undefined) sum.push('seed ' + S.seed);
  if (S.turn_ms) sum.push(S.turn_ms + ' ms per turn (first ' + S.first_turn_ms + ' ms)');
  if (S.complete === false) sum.push('incomplete');
  $('summary').textContent = sum.join(' \u00b7 ');

  const bots = S.bots || [];
  const st = $('standings');
  const num = [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  st.appendChild(row(['#', 'bot', 'Elo', '+/-', 'games', 'W', 'D', 'L', 'points', 'score', 'T/O', 'inv',
                      'crash', 'start', 'avg ms', 'max ms'], 'th', num));
  bots.forEach(function (b) {
    const e = b.errors || {};
    st.appendChild(row([b.rank, b.name, typeof b.elo !== 'number' ? '-' : (b.elo > 0 ? '+' : '') + fixed(b.elo, 0), fixed(b.elo_ci95, 0),
                        b.games, b.wins, b.draws, b.losses, b.points, typeof b.score === 'number' ? (b.score * 100).toFixed(1) + '%' : '-',
                        e.timeout, e.invalid, (e.crashed || 0) + (e.other || 0), e.failed_to_start,
                        fixed(b.avg_ms, 1), fixed(b.max_ms, 1)], 'td', num));
  });
  if (!bots.length) $('note').textContent = 'No standings.json yet: the games played so far are listed below.';
  else if (S.anchor) $('note').textContent = 'Elo: Bradley-Terry maximum likelihood, ' + S.anchor + ' = 0; +/-: 95% interval.';

  /* Score matrix from the pairs of standings.json. */
  const names = bots.map(function (b) { return b.name; });
  const m = $('matrix');
  if (names.length) {
    m.appendChild(row([''].concat(names), 'th'));
    const cell = {};
    (S.pairs || []).forEach(function (p) {
      cell[p.a + '\u0000' + p.b] = p.a_points + '/' + p.games;
      cell[p.b + '\u0000' + p.a] = (p.games - p.a_points) + '/' + p.games;
    });
    names.forEach(function (a) {
      m.appendChild(row([a].concat(names.map(function (b) { return a === b ? '-' : cell[a + '\u0000' + b] || '.'; })), 'td',
                        [0].concat(names.map(function () { return 1; }))));
    });
  }

  /* SPRT state, whatever its fields: shown flat, key by key. */
  if (S.sprt && typeof S.sprt === 'object') {
    $('sprt-panel').hidden = false;
    const t = $('sprt');
    (function flat(o, prefix) {
      Object.keys(o).forEach(function (k) {
        const v = o[k];
        if (v && typeof v === 'object' && !Array.isArray(v)) flat(v, prefix + k + '.');
        else t.appendChild(row([prefix + k, Array.isArray(v) ? v.join(', ') : v === null ? '-' : String(v)]));
      });
    })(S.sprt, '');
  }

  /* Games, filterable. */
  /* A large league's index lists some of its games (the database has
   * them all): say which, and how to reach the others. */
  if (typeof D.total === 'number' && D.total > D.games.length) {
    $('listed').hidden = false;
    $('listed').textContent = 'Listed: ' + D.games.length + ' of ' + D.total + ' games, the newest ' +
      'and the newest lost by a fault. Every game is in ' + D.dir + '/league.db: query it with sqlite3, ' +
      'and loa-replay ' + D.dir + ' ID writes any game\'s page.';
  }
  const g = $('games');
  g.appendChild(row(['id', 'black', 'white', 'result', 'reason', 'plies', 'analysis', 'detail'], 'th'));
  const sets = {bot: new Set(), result: new Set(), reason: new Set()};
  const rows = D.games.slice().sort(function (a, b) { return a.id - b.id; }).map(function (x) {
    const id = String(x.id).padStart(6, '0');
    const link = x.page ? el('a', {href: x.page}, id) : el('span', {}, id);
    /* the worst moment of the side that lost, when the game was analysed */
    const worst = x.page && x.worst ? el('a', {href: x.page + '#ply=' + x.worst, 'class': 'worst'},
                                         'worst: ply ' + x.worst + ' (' + x.worst_name + ')')
                                    : el('span', {}, x.analysed ? 'analysed' : '');
    const tr = row([link, x.black, x.white, x.result, x.reason, x.plies, worst, x.detail]);
    tr.setAttribute('data-black', x.black);
    tr.setAttribute('data-white', x.white);
    tr.setAttribute('data-result', x.result || '');
    tr.setAttribute('data-reason', x.reason || '');
    if (x.fault) tr.children[4].className = 'bad';
    if (x.worst) tr.setAttribute('data-worst', String(x.worst));
    sets.bot.add(x.black); sets.bot.add(x.white);
    if (x.result) sets.result.add(x.result);
    if (x.reason) sets.reason.add(x.reason);
    g.appendChild(tr);
    return tr;
  });
  const sel = {bot: $('f-bot'), result: $('f-result'), reason: $('f-reason')};
  Object.keys(sel).forEach(function (k) {
    Array.from(sets[k]).sort().forEach(function (v) { sel[k].appendChild(el('option', {value: v}, v)); });
    sel[k].addEventListener('change', apply);
  });
  function apply() {
    const f = {bot: sel.bot.value, result: sel.result.value, reason: sel.reason.value};
    let shown = 0;
    rows.forEach(function (tr) {
      const ok = (!f.bot || tr.getAttribute('data-black') === f.bot || tr.getAttribute('data-white') === f.bot) &&
                 (!f.result || tr.getAttribute('data-result') === f.result) &&
                 (!f.reason || tr.getAttribute('data-reason') === f.reason);
      tr.classList.toggle('hidden', !ok);
      shown += ok;
    });
    $('f-count').textContent = shown + ' of ' + rows.length + ' games';
    const bare = D.games.filter(function (x) { return !x.page; }).length;
    $('f-pages').textContent = bare ? bare + ' without a replay page (loa-arena writes the pages of games ' +
      'lost by a fault unless --pages all): loa-arena --html ' + D.dir + ' writes them' : '';
    const h = Object.keys(f).filter(function (k) { return f[k]; })
      .map(function (k) { return k + '=' + encodeURIComponent(f[k]); }).join('&');
    if (location.hash.slice(1) !== h) history.replaceState(null, '', h ? '#' + h : location.pathname);
  }
  location.hash.slice(1).split('&').forEach(function (kv) {
    const i = kv.indexOf('=');
    const k = kv.slice(0, i), v = decodeURIComponent(kv.slice(i + 1));
    if (sel[k] && Array.from(sel[k].options).some(function (o) { return o.value === v; })) sel[k].value = v;
  });
  apply();
})();
