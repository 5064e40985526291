/*
 * index.js - a league's pages: its index (index.html) and the page of each
 * bot (bot-<name>.html), drawn from the league's data, DIR/live.js, which
 * calls loaLeague(data) (docs/replay.md, "Leagues"):
 *   {dir, running, updated, standings (standings.json or null), league,
 *    games: [{id, black, white, result, winner, reason, fault, plies, detail,
 *             opening, under_load, page?, analysed?, worst?, worst_name?}], total,
 *    bot_pages: {name: file},
 *    dashboard: {progress, elo_history, sprt_history, time_bins_ms, bots} or null}
 * The page's own data (#page-data) says which view: {"view": "index"} or
 * {"view": "bot", "bot": NAME}.
 *
 * Live: while data.running, live.js is loaded again every few seconds as a
 * <script> with a new query (the way that works from file:// and from any
 * static HTTP server; fetch() is refused on file://), and the page redrawn
 * in place, its filters kept. Everything from bots is text (textContent).
 * Filters: bot, lost by, result, reason, opening; the URL's
 * #bot=..&lost=..&result=..&reason=..&opening=.. follows them. A game
 * loa-analyse analysed links its loser's worst moment (its page at #ply=N).
 * Served (loa-arena serve: data.served), a condition in cgarena's filter
 * language (docs/arena.md, "Filters") restricts everything to the games it
 * keeps: ?filter=EXPR asks the server for live.js?filter=EXPR, whose
 * standings say {filter: {text, kept, seen}}; a refused one calls
 * loaLeagueFilterError(message) instead. Bot links keep the filter.
 */
'use strict';
(function () {
  const POLL_MS = 3000;
  const P = JSON.parse(document.getElementById('page-data').textContent);
  const C = window.LoaChart;
  let D = null, polls = 0, timer = null, unfiltered = null;
  const FQ = new URLSearchParams(location.search).get('filter') || '';
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, C.attr(k, attrs[k]));
    if (text !== undefined && text !== null) e.textContent = C.visible(String(text));
    return e;
  }
  function row(cells, tag, numeric) {
    const tr = el('tr');
    cells.forEach(function (c, i) {
      if (c instanceof Node) { const td = el(tag || 'td'); td.appendChild(c); tr.appendChild(td); }
      else tr.appendChild(el(tag || 'td', numeric && numeric[i] ? {'class': 'num'} : {}, c));
    });
    return tr;
  }
  function fixed(v, d) { return typeof v === 'number' && isFinite(v) ? v.toFixed(d) : v === '+inf' || v === '-inf' ? v : '-'; }
  function signed(v, d) { return typeof v === 'number' ? (v > 0 ? '+' : '') + v.toFixed(d) : fixed(v, d); }
  function pct(v) { return typeof v === 'number' ? (v * 100).toFixed(1) + '%' : '-'; }
  function dur(s) {
    if (!(s >= 0) || !isFinite(s)) return '-';
    s = Math.round(s);
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, x = s % 60;
    return h ? h + ' h ' + m + ' min' : m ? m + ' min ' + x + ' s' : x + ' s';
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  function gameId(x) { return String(x.id).padStart(6, '0'); }
  /* DIR as a shell word: the page's own directory when opened from a
   * file, else the league's name. */
  function dirWords() {
    const p = location.protocol === 'file:' ? decodeURIComponent(location.pathname).replace(/\/[^/]*$/, '') : D.dir;
    return /^[A-Za-z0-9_.\/:=+-]+$/.test(p) ? p : "'" + p.replace(/'/g, "'\\''") + "'";
  }
  /* A game without a page says the command that makes it. */
  function noPage(id, text) {
    const cmd = 'loa-replay ' + dirWords() + ' ' + id;
    return el('span', {'class': 'nopage', title: 'no page written: ' + cmd + ' writes it; loa-arena serve ' +
      dirWords() + ' serves every game\'s page'}, text);
  }
  function gameLink(x, text) {
    return x.page ? el('a', {href: x.page}, text || gameId(x)) : noPage(x.id, text || gameId(x));
  }
  function pageOfGame(id) {
    const g = D.games.find(function (x) { return x.id === id; });
    return g ? g.page : null;
  }
  function idLink(id) {
    const p = pageOfGame(id), t = String(id).padStart(6, '0');
    return p ? el('a', {href: p}, t) : noPage(id, t);
  }
  function botLink(name) {
    const f = D.bot_pages && D.bot_pages[name];
    return f ? el('a', {href: f + (FQ ? location.search : ''), 'class': 'bot'}, name) : el('span', {}, name);
  }
  /* The side that lost a game ("" for a draw or no result). */
  function loser(x) { return x.winner === 'black' ? x.white : x.winner === 'white' ? x.black : ''; }
  /* The analysis cell: the loser's worst moment when loa-analyse analysed
   * the game (a link to its page at that ply), else "analysed" or nothing. */
  function worstCell(x) {
    return x.page && x.worst ? el('a', {href: x.page + '#ply=' + x.worst, 'class': 'worst'},
                                  'worst: ply ' + x.worst + ' (' + x.worst_name + ')')
                             : el('span', {}, x.analysed ? 'analysed' : '');
  }
  function faulted(x) { return x.fault === 'black' ? x.black : x.fault === 'white' ? x.white : ''; }
  function botNames() {
    const S = D.standings || {};
    if (S.bots) return S.bots.map(function (b) { return b.name; });
    if (D.league && Array.isArray(D.league.bots)) return D.league.bots.map(function (b) { return b.name; }).filter(Boolean);
    const s = new Set();
    D.games.forEach(function (x) { s.add(x.black); s.add(x.white); });
    return Array.from(s).sort();
  }
  function colorOf(name) { return C.color(Math.max(0, botNames().indexOf(name))); }

  /* ---- the header: what the league is, where it stands ---- */
  function sprtState(S) {
    const t = S.sprt;
    if (!t || typeof t !== 'object') return null;
    if (t.result === 'H1' || t.result === 'H0')
      return 'SPRT decided: ' + t.result + ' accepted after ' + t.decided_after_pairs + ' pairs';
    return 'SPRT running: ' + (t.pairs || 0) + ' pairs, no decision yet';
  }
  function header() {
    const S = D.standings || {};
    $('title').textContent = C.visible(P.view === 'bot' ? 'Bot ' + P.bot : 'League ' + D.dir);
    const sum = [];
    if (S.format) sum.push(S.format);
    if (S.bots) sum.push(S.bots.length + ' bots');
    const played = S.games !== undefined ? S.games : D.total >= 0 ? D.total : D.games.length;
    sum.push(played + (S.expected_games ? (S.sprt ? ' games (at most ' + S.expected_games + ')' : ' of ' + S.expected_games + ' games') : ' games'));
    if (S.seed !== undefined) sum.push('seed ' + S.seed);
    if (S.turn_ms) sum.push(S.turn_ms + ' ms per turn (first ' + S.first_turn_ms + ' ms)');
    const sp = sprtState(S);
    if (sp) sum.push(sp);
    else if (S.complete === true) sum.push('complete');
    else if (S.complete === false) sum.push(D.running ? 'running' : 'incomplete');
    $('summary').textContent = sum.join(' \u00b7 ');
    const st = $('state');
    st.className = 'state ' + (D.running ? 'running' : 'stopped');
    const when = D.updated ? new Date(D.updated * 1000).toLocaleTimeString() : '';
    st.textContent = D.running ? 'live: updated ' + when + ', the page follows the league by itself'
                               : 'not running' + (when ? ' (data of ' + new Date(D.updated * 1000).toLocaleString() + ')' : '');
  }
  function progress() {
    const box = $('progress');
    const g = D.dashboard && D.dashboard.progress;
    clear(box);
    box.hidden = !g;
    if (!g) return;
    const bar = el('div', {'class': 'bar big'});
    bar.appendChild(el('span', {style: 'width:' + (g.total ? Math.min(100, 100 * g.done / g.total) : 0).toFixed(1) + '%'}));
    box.appendChild(bar);
    const parts = [g.done + ' of ' + g.total + ' games (' + (g.total ? (100 * g.done / g.total).toFixed(1) : '0') + '%)'];
    if (g.played_now !== undefined) parts.push(g.played_now + ' this run in ' + dur(g.elapsed_s) + ', ' + fixed(g.games_per_s, 2) + ' games/s');
    if (D.running) parts.push(g.eta_s >= 0 ? 'ETA ' + dur(g.eta_s) + (g.sprt ? ' at most (an SPRT may stop sooner)' : '') : 'ETA: after the first games');
    box.appendChild(el('div', {id: 'progress-text', 'class': 'summary'}, parts.join(' \u00b7 ')));
  }

  /* ---- standings, Elo chart, matrix ---- */
  function standings() {
    const S = D.standings || {}, bots = S.bots || [], st = $('standings');
    clear(st);
    const num = [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    st.appendChild(row(['#', 'bot', 'Elo', '+/-', 'games', 'W', 'D', 'L', 'points', 'score', 'T/O', 'under load',
                        'late', 'inv', 'crash', 'start', 'avg ms', 'max ms'], 'th', num));
    bots.forEach(function (b) {
      const e = b.errors || {};
      const tr = row([b.rank, botLink(b.name), signed(b.elo, 0), fixed(b.elo_ci95, 0), b.games, b.wins, b.draws, b.losses,
                      b.points, pct(b.score), e.timeout, e.timeout_under_load || 0, b.late || 0, e.invalid,
                      (e.crashed || 0) + (e.other || 0), e.failed_to_start, fixed(b.avg_ms, 1), fixed(b.max_ms, 1)], 'td', num);
      tr.setAttribute('data-bot', b.name);
      st.appendChild(tr);
    });
    $('note').textContent = !bots.length ? 'No standings yet: the games played so far are listed below.'
      : S.anchor ? 'Elo: Bradley-Terry maximum likelihood, ' + S.anchor + ' = 0; +/-: 95% interval. T/O: games lost on time, ' +
                   'under load: of them, while the machine was overloaded; late: answers accepted within the time margin.'
      : 'Elo: Bradley-Terry maximum likelihood, mean 0; +/-: 95% interval. T/O: games lost on time, under load: of them, ' +
        'while the machine was overloaded; late: answers accepted within the time margin.';
  }
  function eloChart() {
    const h = D.dashboard && D.dashboard.elo_history, box = $('elo-panel');
    box.hidden = !(h && h.games && h.games.length);
    if (box.hidden) return;
    const names = Object.keys(h.bots);
    let lo = 0, hi = 0;
    const series = names.map(function (n) {
      const b = h.bots[n], pts = [], band = [];
      h.games.forEach(function (g, i) {
        const e = b.elo[i], c = b.ci[i];
        if (typeof e !== 'number') return;
        pts.push([g, e]);
        lo = Math.min(lo, e); hi = Math.max(hi, e);
        if (typeof c === 'number') { band.push([g, e - c, e + c]); lo = Math.min(lo, e - c); hi = Math.max(hi, e + c); }
      });
      return {name: n, color: colorOf(n), points: pts, band: band, dots: h.games.length <= 60};
    });
    const clampAt = 1000; /* a bot that won or lost every game has an interval without end */
    lo = Math.max(lo, -clampAt); hi = Math.min(hi, clampAt);
    C.line($('elo-chart'), {width: 900, height: 260, x: {min: 0, max: Math.max(1, h.games[h.games.length - 1]), label: 'games played'},
                            y: {min: lo - 10, max: hi + 10, label: 'Elo'}, series: series,
                            hlines: [{y: 0, color: '#999', dash: '2 2'}]});
    C.legend($('elo-legend'), series);
  }
  function matrix() {
    const S = D.standings || {}, names = (S.bots || []).map(function (b) { return b.name; }), m = $('matrix');
    clear(m);
    if (!names.length) return;
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

  /* ---- the SPRT, as fastchess prints it ---- */
  function sprt() {
    const t = (D.standings || {}).sprt, box = $('sprt-panel');
    box.hidden = !(t && typeof t === 'object');
    if (box.hidden) return;
    const decided = t.result === 'H1' || t.result === 'H0';
    $('sprt-head').textContent = decided ? 'SPRT: decided, ' + t.result + ' accepted' : 'SPRT: running, no decision yet';
    const words = $('sprt-words');
    words.className = decided ? (t.result === 'H1' ? 'verdict h1' : 'verdict h0') : 'verdict';
    words.textContent = C.visible(decided
      ? (t.result === 'H1' ? 'H1 accepted after ' + t.decided_after_pairs + ' pairs: ' + t.tested + ' is stronger than ' + t.opponent +
                             '. The games favour H1 (a gain of ' + t.elo1 + ' Elo or more) over H0 (' + t.elo0 + ' or less)'
                           : 'H0 accepted after ' + t.decided_after_pairs + ' pairs: ' + t.tested + ' is not ' + t.elo1 + ' Elo stronger than ' +
                             t.opponent + '. The games favour H0 (a gain of ' + t.elo0 + ' Elo or less) over H1 (' + t.elo1 + ' or more)') +
        ', at error rates alpha ' + t.alpha + ' and beta ' + t.beta + '.'
      : 'Testing ' + t.tested + ' against ' + t.opponent + ': H0 ' + t.elo0 + ' / H1 ' + t.elo1 + ' ' + (t.model || '') +
        ' Elo, alpha ' + t.alpha + ', beta ' + t.beta + '. The test stops when the LLR leaves (' + fixed(t.lower, 2) + ', ' + fixed(t.upper, 2) + ').');
    const ci = function (a) { return Array.isArray(a) ? ' [' + fixed(a[0], 2) + ', ' + fixed(a[1], 2) + ']' : ''; };
    const tab = $('sprt');
    clear(tab);
    [['LLR', fixed(t.llr, 2) + ' (' + fixed(t.lower, 2) + ', ' + fixed(t.upper, 2) + ') [' + t.elo0 + ', ' + t.elo1 + ']'],
     ['Elo', fixed(t.elo, 2) + ci(t.elo_ci95)], ['nElo', fixed(t.nelo, 2) + ci(t.nelo_ci95)],
     ['LOS', pct(t.los)], ['pairs', String(t.pairs) + (decided ? ' (decided after ' + t.decided_after_pairs + ')' : '')],
     ['model', (t.model || '') + ', alpha ' + t.alpha + ', beta ' + t.beta]].forEach(function (kv) {
      tab.appendChild(row(kv));
    });
    const pen = $('penta');
    clear(pen);
    pen.appendChild(row(['LL', 'LD', 'WL+DD', 'WD', 'WW'], 'th', [1, 1, 1, 1, 1]));
    pen.appendChild(row((t.pentanomial || [0, 0, 0, 0, 0]).map(String), 'td', [1, 1, 1, 1, 1]));
    const h = D.dashboard && D.dashboard.sprt_history;
    const svgEl = $('llr-chart');
    if (!h || !h.pairs.length) { C.clear(svgEl); return; }
    const pts = h.pairs.map(function (p, i) { return [p, h.llr[i]]; });
    let lo = t.lower, hi = t.upper;
    h.llr.forEach(function (v) { lo = Math.min(lo, v); hi = Math.max(hi, v); });
    const m = C.line(svgEl, {width: 900, height: 220, x: {min: 0, max: Math.max(h.pairs[h.pairs.length - 1], 1), label: 'pairs'},
                             y: {min: lo - 0.2, max: hi + 0.2, label: 'LLR'},
                             series: [{name: 'LLR', color: '#1c5fb8', points: pts, dots: pts.length <= 60}],
                             hlines: [{y: t.upper, label: 'H1 ' + fixed(t.upper, 2), color: '#2e7d32'},
                                      {y: t.lower, label: 'H0 ' + fixed(t.lower, 2), color: '#c62828'},
                                      {y: 0, color: '#999', dash: '2 2'}]});
    if (decided && t.decided_after_pairs) {
      const x = m.x(t.decided_after_pairs);
      svgEl.appendChild(C.svg('line', {x1: x, x2: x, y1: m.top, y2: m.bottom, stroke: '#7b4bb7', 'stroke-dasharray': '3 3', 'class': 'decided'}));
    }
  }

  /* ---- time per turn, faults ---- */
  function timeBins() {
    const d = D.dashboard;
    const e = d.time_bins_ms;
    return e.map(function (v, i) { return i + 1 < e.length ? '<' + C.fmt(e[i + 1]) : '\u2265' + C.fmt(v); });
  }
  function times(only) {
    const d = D.dashboard, box = $('time-panel');
    box.hidden = !(d && d.bots);
    if (box.hidden) return;
    const names = only ? [only] : botNames();
    const series = names.filter(function (n) { return d.bots[n]; })
      .map(function (n) { return {name: n, color: colorOf(n), values: d.bots[n].max_hist}; });
    C.bars($('time-chart'), {width: 900, height: 200, labels: timeBins(), series: series,
                             xlabel: 'slowest turn of a game (ms, after the first turn)'});
    C.legend($('time-legend'), series);
    const t = $('times');
    clear(t);
    const S = D.standings || {};
    t.appendChild(row(['bot', 'turns', 'avg ms', 'max ms', 'first turn max ms', 'avg CPU ms', 'late', 'timeouts', 'under load'], 'th',
                      [0, 1, 1, 1, 1, 1, 1, 1, 1]));
    (S.bots || []).filter(function (b) { return names.indexOf(b.name) >= 0; }).forEach(function (b) {
      const e = b.errors || {};
      t.appendChild(row([botLink(b.name), b.turns, fixed(b.avg_ms, 2), fixed(b.max_ms, 2), fixed(b.first_turn_max_ms, 2),
                         fixed(b.avg_cpu_ms, 2), b.late || 0, e.timeout || 0, e.timeout_under_load || 0], 'td', [0, 1, 1, 1, 1, 1, 1, 1, 1]));
    });
  }
  function faults() {
    const d = D.dashboard, t = $('faults');
    clear(t);
    if (!d || !d.bots) return;
    const reasons = new Set();
    Object.keys(d.bots).forEach(function (n) { Object.keys(d.bots[n].faults || {}).forEach(function (r) { reasons.add(r); }); });
    const rs = Array.from(reasons).sort();
    $('faults-none').hidden = rs.length > 0;
    if (!rs.length) return;
    t.appendChild(row(['bot'].concat(rs), 'th', [0].concat(rs.map(function () { return 1; }))));
    botNames().forEach(function (n) {
      const f = (d.bots[n] || {}).faults || {};
      t.appendChild(row([botLink(n)].concat(rs.map(function (r) { return f[r] || 0; })), 'td', [0].concat(rs.map(function () { return 1; }))));
    });
  }

  /* ---- the games, filterable ---- */
  const FILTERS = ['bot', 'lost', 'result', 'reason', 'opening'];
  let filter = {};
  function readHash() {
    filter = {};
    location.hash.slice(1).split('&').forEach(function (kv) {
      const i = kv.indexOf('=');
      if (i > 0 && FILTERS.indexOf(kv.slice(0, i)) >= 0) filter[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1));
    });
  }
  function games() {
    if (typeof D.total === 'number' && D.total > D.games.length) {
      $('listed').hidden = false;
      $('listed').textContent = 'Listed: ' + D.games.length + ' of ' + D.total + ' games, the newest ' +
        'and the newest lost by a fault. Every game is in ' + D.dir + '/league.db: query it with sqlite3, ' +
        'and loa-replay ' + D.dir + ' ID writes any game\'s page.';
    } else {
      $('listed').hidden = true;
    }
    const sets = {bot: new Set(), lost: new Set(), result: new Set(), reason: new Set(), opening: new Set()};
    D.games.forEach(function (x) {
      sets.bot.add(x.black); sets.bot.add(x.white);
      if (loser(x)) sets.lost.add(loser(x));
      if (x.result) sets.result.add(x.result);
      if (x.reason) sets.reason.add(x.reason);
      if (x.opening) sets.opening.add(x.opening);
    });
    FILTERS.forEach(function (k) {
      const s = $('f-' + k), keep = filter[k] || '';
      clear(s);
      s.appendChild(el('option', {value: ''}, 'all'));
      Array.from(sets[k]).sort().forEach(function (v) { s.appendChild(el('option', {value: v}, v)); });
      if (keep && !sets[k].has(keep)) s.appendChild(el('option', {value: keep}, keep));
      s.value = keep;
      $('f-' + k + '-label').hidden = k === 'opening' && !sets.opening.size;
    });
    const g = $('games');
    clear(g);
    g.appendChild(row(['id', 'black', 'white', 'result', 'reason', 'plies', 'opening', 'analysis', 'detail'], 'th'));
    D.games.slice().sort(function (a, b) { return b.id - a.id; }).forEach(function (x) {
      const tr = row([gameLink(x), x.black, x.white, x.result, x.reason + (x.under_load ? ' (under load)' : ''), x.plies,
                      x.opening || '', worstCell(x), x.detail]);
      if (x.worst) tr.setAttribute('data-worst', String(x.worst));
      tr.setAttribute('data-id', String(x.id));
      tr.setAttribute('data-black', x.black);
      tr.setAttribute('data-white', x.white);
      tr.setAttribute('data-lost', loser(x));
      tr.setAttribute('data-result', x.result || '');
      tr.setAttribute('data-reason', x.reason || '');
      tr.setAttribute('data-opening', x.opening || '');
      if (x.fault) tr.children[4].className = 'bad';
      g.appendChild(tr);
    });
    apply();
  }
  function apply() {
    let shown = 0, all = 0;
    document.querySelectorAll('#games tr[data-id]').forEach(function (tr) {
      const ok = (!filter.bot || tr.getAttribute('data-black') === filter.bot || tr.getAttribute('data-white') === filter.bot) &&
                 (!filter.lost || tr.getAttribute('data-lost') === filter.lost) &&
                 (!filter.result || tr.getAttribute('data-result') === filter.result) &&
                 (!filter.reason || tr.getAttribute('data-reason') === filter.reason) &&
                 (!filter.opening || tr.getAttribute('data-opening') === filter.opening);
      tr.classList.toggle('hidden', !ok);
      shown += ok;
      all++;
    });
    $('f-count').textContent = shown + ' of ' + all + ' games';
    const bare = D.games.filter(function (x) { return !x.page; }).length;
    $('f-pages').textContent = bare ? bare + ' without a replay page (--pages faults or none): loa-replay ' + dirWords() +
      ' ID writes one (its command is on its id), loa-arena --html ' + dirWords() + ' all of them, and loa-arena serve ' +
      dirWords() + ' serves every game\'s page without writing any' : '';
    const h = FILTERS.filter(function (k) { return filter[k]; })
      .map(function (k) { return k + '=' + encodeURIComponent(filter[k]); }).join('&');
    if (location.hash.slice(1) !== h) history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }

  /* ---- a bot's page ---- */
  /* The metrics the bot reported, summed up (standings.json's "metrics",
   * docs/metrics.md): a row a metric a group that has values. */
  function botMetrics(name) {
    const all = (D.standings && D.standings.metrics && D.standings.metrics.bots) || [];
    const m = all.find(function (x) { return x.name === name; }), t = $('bot-metrics');
    if (!t) return;
    clear(t);
    $('metrics-panel').hidden = !m;
    if (!m) return;
    const groups = [['all', 'all'], ['plies_1_20', 'plies 1-20'], ['plies_21_60', 'plies 21-60'],
                    ['plies_61_up', 'plies 61+'], ['wins', 'wins'], ['losses', 'losses']];
    const num = function (v) { return typeof v !== 'number' ? '-' : Number.isInteger(v) ? String(v) : v.toFixed(2); };
    const right = [0, 0, 1, 1, 1, 1, 1];
    t.appendChild(row(['metric', 'group', 'n', 'mean', 'median', 'p10', 'p90'], 'th', right));
    (m.metrics || []).forEach(function (x) {
      let label = x.name + (x.scope === 'game' ? ' (game)' : '');
      groups.forEach(function (g) {
        const s = x[g[0]];
        if (!s) return;
        const tr = row([label, g[1], s.n, num(s.mean), num(s.median), num(s.p10), num(s.p90)], 'td', right);
        tr.setAttribute('data-metric', x.name);
        tr.setAttribute('data-group', g[0]);
        t.appendChild(tr);
        label = '';
      });
      if (x.texts) t.appendChild(row([label, 'texts', x.texts, 'not summed up', '', '', ''], 'td', right));
    });
    if (window.LoaMetrics && $('bot-metric-curves')) LoaMetrics.curves($('bot-metric-curves'), m);
    $('metrics-note').textContent = m.games + ' games with metrics, ' + m.dropped +
      ' metric lines dropped; median, p10 and p90 exact; a phase by the ply the turn answered.';
  }

  function botView() {
    const name = P.bot, S = D.standings || {}, d = (D.dashboard && D.dashboard.bots && D.dashboard.bots[name]) || null;
    const b = (S.bots || []).find(function (x) { return x.name === name; });
    const facts = $('bot-facts');
    clear(facts);
    const kv = function (k, v) { facts.appendChild(el('div', {}, k)); facts.appendChild(v instanceof Node ? v : el('div', {}, v)); };
    if (b) {
      kv('rank', String(b.rank) + ' of ' + S.bots.length);
      kv('Elo', signed(b.elo, 1) + ' +/- ' + fixed(b.elo_ci95, 1));
      kv('games', b.games + ': ' + b.wins + ' won, ' + b.draws + ' drawn, ' + b.losses + ' lost (' + pct(b.score) + ')');
      kv('time', 'avg ' + fixed(b.avg_ms, 2) + ' ms, max ' + fixed(b.max_ms, 2) + ' ms, first turn max ' + fixed(b.first_turn_max_ms, 2) + ' ms');
      kv('CPU time', typeof b.avg_cpu_ms === 'number' ? 'avg ' + fixed(b.avg_cpu_ms, 2) + ' ms a turn' +
         (d && typeof d.cpu_total_ms === 'number' ? ', ' + fixed(d.cpu_total_ms / 1000, 1) + ' s in all' : '')
         : 'not measured (wall-clock time mode: --time-mode cpu measures it)');
    } else {
      kv('games', 'none yet');
    }
    const vs = $('bot-vs');
    clear(vs);
    vs.appendChild(row(['opponent', 'as black W-D-L', 'as white W-D-L', 'score'], 'th', [0, 1, 1, 1]));
    Object.keys((d && d.vs) || {}).sort().forEach(function (o) {
      const v = d.vs[o], bl = v.black, wh = v.white;
      const pts = bl[0] + wh[0] + (bl[1] + wh[1]) / 2, n = bl[0] + bl[1] + bl[2] + wh[0] + wh[1] + wh[2];
      const tr = row([botLink(o), bl.join('-'), wh.join('-'), n ? pts + '/' + n + ' (' + pct(pts / n) + ')' : '-'], 'td', [0, 1, 1, 1]);
      tr.setAttribute('data-opponent', o);
      vs.appendChild(tr);
    });
    const lost = D.games.filter(function (x) { return loser(x) === name; }).sort(function (a, b) { return b.id - a.id; });
    const lt = $('bot-losses');
    clear(lt);
    lt.appendChild(row(['id', 'opponent', 'colour', 'reason', 'plies', 'analysis', 'detail'], 'th'));
    lost.forEach(function (x) {
      const black = x.black === name;
      const tr = row([gameLink(x), black ? x.white : x.black, black ? 'black' : 'white', x.reason + (x.under_load ? ' (under load)' : ''),
                      x.plies, worstCell(x), x.detail]);
      tr.setAttribute('data-id', String(x.id));
      if (faulted(x) === name) tr.children[3].className = 'bad';
      lt.appendChild(tr);
    });
    const all = b ? b.losses : lost.length;
    $('bot-losses-note').textContent = lost.length + ' lost game' + (lost.length === 1 ? '' : 's') +
      (all > lost.length ? ' listed of ' + all + ' (the index lists the newest games and the newest lost by a fault)' : '') +
      ', those lost by its own fault in red.';
    const ft = $('bot-faults');
    clear(ft);
    const fs = (d && d.fault_stderr) || [];
    $('bot-faults-none').hidden = fs.length > 0;
    fs.forEach(function (f) {
      const box = el('div', {'class': 'fault', 'data-id': String(f.id)});
      const h = el('div', {});
      h.appendChild(idLink(f.id));
      h.appendChild(document.createTextNode(' ' + f.reason + ' at ply ' + f.ply + ': ' + f.detail));
      box.appendChild(h);
      box.appendChild(el('pre', {'class': 'stderr'}, f.stderr === '' ? '(nothing on stderr)' : f.stderr));
      ft.appendChild(box);
    });
    const sl = $('bot-slowest');
    clear(sl);
    /* the games whose slowest turn came nearest its limit (the first turn
     * judged against its own), that turn and its stderr (the timeout's, when
     * it timed out) */
    sl.appendChild(row(['game', 'ply', 'turn ms of its limit', 'of the limit', 'later turns ms', 'first turn ms', 'opponent'],
                       'th', [0, 1, 1, 1, 1, 1, 0]));
    ((d && d.slowest) || []).forEach(function (s) {
      const p = pageOfGame(s.id), t = String(s.id).padStart(6, '0');
      const link = p && s.ply ? el('a', {href: p + '#ply=' + s.ply}, t) : idLink(s.id);
      const turn = s.limit_ms ? fixed(s.turn_ms, 2) + ' of ' + s.limit_ms + (s.timeout ? ', timed out' : '') : '-';
      const tr = row([link, s.ply || '-', turn, pct(s.share), fixed(s.max_ms, 2), fixed(s.first_ms, 2), s.opponent],
                     'td', [0, 1, 1, 1, 1, 1, 0]);
      tr.setAttribute('data-id', String(s.id));
      if (s.timeout) tr.children[2].className = 'num bad';
      sl.appendChild(tr);
      if (typeof s.stderr !== 'string') return;
      const er = el('tr', {'class': 'slow-stderr'}), td = el('td', {colspan: '7'});
      td.appendChild(el('pre', {'class': 'stderr'}, s.stderr === '' ? '(nothing on stderr)' : s.stderr));
      er.appendChild(td);
      sl.appendChild(er);
    });
    times(name);
    botMetrics(name);
    const back = $('back');
    back.setAttribute('href', 'index.html');
  }

  function draw() {
    header();
    progress();
    if (P.view === 'bot') { botView(); return; }
    standings();
    eloChart();
    sprt();
    times(null);
    faults();
    matrix();
    games();
  }

  /* live.js again with a new query: a file:// page cannot fetch(), but a
   * script is loaded from any directory or static HTTP server. */
  function poll() {
    const s = document.createElement('script');
    s.src = 'live.js?' + (FQ ? 'filter=' + encodeURIComponent(FQ) + '&' : '') + 'n=' + (++polls) + '-' + Date.now();
    s.onload = s.onerror = function () { s.remove(); };
    document.body.appendChild(s);
  }
  /* The filter box (served pages only) and what the filter kept. */
  function filterBox(data) {
    const form = $('xfilter');
    if (!form) return;
    form.hidden = !data.served;
    const f = data.standings && data.standings.filter;
    $('xfilter-state').textContent = f ? 'kept ' + f.kept + ' of ' + f.seen + ' games' : '';
  }
  window.loaLeagueFilterError = function (message) {
    if (unfiltered && !D) window.loaLeague(unfiltered, true);
    if (timer !== null) { clearInterval(timer); timer = null; }
    $('xfilter-state').textContent = message;
    $('xfilter-state').classList.add('bad');
  };
  window.loaLeague = function (data, refused) {
    /* served with a filter: the static live.js is the whole league's, the
     * filtered one comes from the server (no flash of the unfiltered) */
    if (FQ && data.served && !refused && !(data.standings && data.standings.filter)) {
      unfiltered = data;
      poll();
      return;
    }
    D = data;
    filterBox(data);
    D.games = D.games || [];
    draw();
    document.body.setAttribute('data-updates', String(Number(document.body.getAttribute('data-updates') || 0) + 1));
    if (D.running && timer === null && !refused) timer = setInterval(poll, POLL_MS);
    if (!D.running && timer !== null) { clearInterval(timer); timer = null; }
  };
  if (FQ && $('back')) $('back').setAttribute('href', 'index.html' + location.search);
  if ($('xfilter')) {
    $('xfilter-text').value = FQ;
    $('xfilter').addEventListener('submit', function (ev) {
      ev.preventDefault();
      const t = $('xfilter-text').value.trim();
      location.search = t ? '?filter=' + encodeURIComponent(t) : '';
    });
  }
  if (P.view !== 'bot') {
    FILTERS.forEach(function (k) {
      $('f-' + k).addEventListener('change', function () { filter[k] = $('f-' + k).value; apply(); });
    });
    window.addEventListener('hashchange', function () { readHash(); if (D) games(); });
    readHash();
  }
  /* No data yet (live.js not written, or blocked): say so, and keep trying. */
  window.addEventListener('load', function () {
    if (D) return;
    $('summary').textContent = 'No league data yet (live.js): the arena writes it as the league starts.';
    timer = setInterval(poll, POLL_MS);
  });
})();
