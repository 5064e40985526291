/*
 * replay.js - draws one game from the page data (replay.html, element
 * #replay-data; model in docs/replay.md). Every board comes from the data,
 * computed by the SDK in C: this file never applies a rule.
 *
 * Contract for tests and tools: #board carries data-ply (plies shown) and
 * data-board (64 chars, rank 8 first, '.', 'b', 'w'). The URL's #ply=N
 * follows the navigation and opens the page at ply N; without it a game
 * lost by a fault opens at its failing ply. Charts are chart.js's
 * (LoaChart), loaded before this file. The same file is the self-contained
 * page's script (replay.html) and a league's one viewer (DIR/viewer.js).
 *
 * With an analysis (D.analysis, docs/analysis.md): #evalchart holds one
 * circle.eval-point per ply (data-ply, class mark-<mark> when marked), the
 * moves list a span.mark per marked move, and the board a line.best-move
 * (data-move) when the engine's best move in the position before the
 * shown ply was not the move played.
 */
'use strict';
(function () {
  /* A league's game page holds its data only: the markup comes with the
   * league's viewer.js (LOA_VIEWER_BODY, viewer-body.html as a string). */
  if (!document.getElementById('board') && window.LOA_VIEWER_BODY)
    document.getElementById('viewer').innerHTML = window.LOA_VIEWER_BODY;
  const D = JSON.parse(document.getElementById('replay-data').textContent);
  const N = D.plies.length;
  const SQ = 60, X0 = 28, Y0 = 12;
  const A = D.analysis;
  const MARK_COLOURS = {inaccuracy: '#d9b400', mistake: '#e07b00', blunder: '#c62828', missed_win: '#7b1fa2'};
  const MARK_WORDS = {inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder', missed_win: 'missed win'};
  const MARK_PLURALS = {inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders', missed_win: 'missed wins'};
  let cur = 0;

  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, LoaChart.attr(k, attrs[k]));
    if (text !== undefined) e.textContent = visible(text);
    return e;
  }
  const svg = LoaChart.svg, clear = LoaChart.clear, visible = LoaChart.visible;
  function boardAt(n) { return n === 0 ? D.start_board : D.plies[n - 1].board; }
  /* Square a1 = 0 .. h8 = 63 to the top-left corner of its cell. */
  function cell(sq) { return [X0 + (sq % 8) * SQ, Y0 + (7 - Math.floor(sq / 8)) * SQ]; }
  function ms(us) { return (us / 1000).toFixed(us < 10000 ? 2 : 1); }
  function moveNo(n) { return Math.floor((n - 1) / 2) + 1 + (n % 2 ? '.' : '...'); }
  function pct(x) { return Math.round(x * 100) + '%'; }
  function arrow(b, from, to, cls, colour, marker, dash) {
    const f = cell(from), t = cell(to);
    const l = svg('line', {x1: f[0] + 30, y1: f[1] + 30, x2: t[0] + 30, y2: t[1] + 30,
                           stroke: colour, 'stroke-width': 5, 'stroke-linecap': 'round',
                           'marker-end': 'url(#' + marker + ')', opacity: 0.85, 'class': cls});
    if (dash) l.setAttribute('stroke-dasharray', dash);
    b.appendChild(l);
    return l;
  }

  function drawBoard(n) {
    const b = $('board'), s = boardAt(n), p = n > 0 ? D.plies[n - 1] : null;
    clear(b);
    const defs = svg('defs');
    const mk = svg('marker', {id: 'arrow', viewBox: '0 0 10 10', refX: '7', refY: '5',
                             markerWidth: '4', markerHeight: '4', orient: 'auto-start-reverse'});
    mk.appendChild(svg('path', {d: 'M 0 0 L 10 5 L 0 10 z', fill: '#b86e00'}));
    defs.appendChild(mk);
    const mb = svg('marker', {id: 'arrow-best', viewBox: '0 0 10 10', refX: '7', refY: '5',
                              markerWidth: '4', markerHeight: '4', orient: 'auto-start-reverse'});
    mb.appendChild(svg('path', {d: 'M 0 0 L 10 5 L 0 10 z', fill: '#1c7c3c'}));
    defs.appendChild(mb);
    b.appendChild(defs);
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        b.appendChild(svg('rect', {x: X0 + col * SQ, y: Y0 + row * SQ, width: SQ, height: SQ,
                                   fill: (row + col) % 2 ? '#b58863' : '#f0d9b5'}));
      }
      b.appendChild(svg('text', {x: 12, y: Y0 + row * SQ + 35, 'text-anchor': 'middle',
                                 'class': 'coord', 'font-size': '14', fill: '#555'}, String(8 - row)));
    }
    for (let col = 0; col < 8; col++) {
      b.appendChild(svg('text', {x: X0 + col * SQ + 30, y: Y0 + 8 * SQ + 16, 'text-anchor': 'middle',
                                 'class': 'coord', 'font-size': '14', fill: '#555'}, 'abcdefgh'[col]));
    }
    if (p && !p.pass) {
      const f = cell(p.from), t = cell(p.to);
      b.appendChild(svg('rect', {x: f[0], y: f[1], width: SQ, height: SQ, fill: 'rgba(230,160,20,0.45)',
                                 'class': 'last-from'}));
      b.appendChild(svg('rect', {x: t[0], y: t[1], width: SQ, height: SQ, fill: 'rgba(230,160,20,0.7)',
                                 'class': 'last-to'}));
    }
    for (let i = 0; i < 64; i++) {
      const c = s[i];
      if (c === '.') continue;
      const cx = X0 + (i % 8) * SQ + 30, cy = Y0 + Math.floor(i / 8) * SQ + 30;
      b.appendChild(svg('circle', {cx: cx, cy: cy, r: 22, 'class': c === 'b' ? 'piece black' : 'piece white',
                                   fill: c === 'b' ? '#15161a' : '#fbfbf8',
                                   stroke: c === 'b' ? '#000' : '#3a3a3a', 'stroke-width': c === 'b' ? 1 : 2.5}));
    }
    if (p && !p.pass) {
      const t = cell(p.to);
      arrow(b, p.from, p.to, 'last-move', '#b86e00', 'arrow');
      if (p.capture) {
        b.appendChild(svg('circle', {cx: t[0] + 30, cy: t[1] + 30, r: 27, fill: 'none', stroke: '#c62828',
                                     'stroke-width': 4, 'class': 'capture'}));
        b.appendChild(svg('text', {x: t[0] + 52, y: t[1] + 16, 'text-anchor': 'middle', 'font-size': '16',
                                   'font-weight': 'bold', fill: '#c62828'}, '\u00d7'));
      }
    }
    if (n === N && (D.error || D.result.fault)) /* the position the failing answer was given in */
      b.appendChild(svg('rect', {x: X0 - 2, y: Y0 - 2, width: 8 * SQ + 4, height: 8 * SQ + 4, fill: 'none',
                                 stroke: '#c62828', 'stroke-width': 4, 'class': 'fault-frame'}));
    /* the engine's best move where the shown ply was played, when it was
     * another move: the better move, beside the one played */
    const before = A && n > 0 ? A.positions[n - 1] : null;
    if (before && before.best && before.from >= 0 && before.best !== p.move) {
      const l = arrow(b, before.from, before.to, 'best-move', '#1c7c3c', 'arrow-best', '10 6');
      l.setAttribute('data-move', before.best);
      l.appendChild(svg('title', {}, 'best: ' + before.best));
    }
    b.setAttribute('data-ply', String(n));
    b.setAttribute('data-board', s);
    let nb = 0, nw = 0;
    for (const c of s) { if (c === 'b') nb++; else if (c === 'w') nw++; }
    $('counts').textContent = 'black ' + nb + ' checkers, white ' + nw + ' checkers';
  }

  function timeBar(t) {
    const wrap = el('div');
    /* games from CodinGame: its files hold no times */
    if (t.time_us === null) {
      wrap.appendChild(el('div', {}, 'not recorded (limit ' + t.limit_ms + ' ms)'));
      return wrap;
    }
    /* the judged time: CPU time in records of --time-mode cpu */
    const cpu = t.cpu_us !== undefined;
    const judged = cpu ? t.cpu_us : t.time_us;
    const frac = judged / (t.limit_ms * 1000);
    const over = frac > 1;
    wrap.appendChild(el('div', {}, ms(judged) + ' ms' + (cpu ? ' of CPU' : '') + ' of ' +
                                   t.limit_ms + ' ms' +
                                   (t.late ? ' (late, within the margin)' : over ? ' (over the limit)' : '') +
                                   (cpu ? ' (wall clock ' + ms(t.time_us) + ' ms)' : '')));
    const bar = el('div', {'class': 'bar', title: 'time against the limit'});
    bar.appendChild(el('span', {'class': over ? 'over' : frac > 0.8 ? 'warn' : '',
                                style: 'width:' + Math.min(100, frac * 100).toFixed(1) + '%'}));
    wrap.appendChild(bar);
    return wrap;
  }

  function turnFacts(box, t, move) {
    const kv = el('div', {'class': 'kv'});
    function row(k, v) { kv.appendChild(el('div', {}, k)); kv.appendChild(v); }
    row('time', timeBar(t));
    if (t.output === null) row('output', el('div', {'class': 'bad'}, '(no line)'));
    else if (t.output !== move || move === undefined) row('output', el('code', {}, t.output));
    row('comment', el('div', {}, t.comment === '' ? '-' : t.comment));
    box.appendChild(kv);
    box.appendChild(el('h2', {}, 'stderr'));
    box.appendChild(el('pre', {'class': 'stderr'}, t.stderr === '' ? '(nothing)' : t.stderr));
    if (t.stderr_cut) box.appendChild(el('div', {'class': 'note'}, 'cut by CodinGame\'s site: it keeps the start of a long stderr and adds "..."'));
  }

  function drawPly(n) {
    const box = $('ply');
    clear(box);
    if (n === 0) {
      box.appendChild(el('h2', {}, 'Start position'));
      box.appendChild(el('div', {}, N + (N === 1 ? ' ply' : ' plies') + (D.opening_plies ? ', the first ' + D.opening_plies +
                      ' from the opening "' + D.opening + '"' : '') + '. Black moves first.'));
      if (A) box.appendChild(el('div', {'class': 'analysis'}, 'black to move: ' + A.positions[0].text +
                                                          (A.positions[0].best ? ', best ' + A.positions[0].best : '')));
      return;
    }
    const p = D.plies[n - 1];
    const h = el('h2', {}, 'Ply ' + n + ' (' + moveNo(n) + ') ' + p.color + ': ');
    h.appendChild(el('span', {'class': 'mono', id: 'move'}, p.move));
    if (!p.pass) h.appendChild(el('span', {'class': 'mono'}, '  (' + p.olympiad + ')'));
    if (p.opening) h.appendChild(el('span', {'class': 'tag opening'}, 'opening'));
    if (p.turn && p.turn.random) h.appendChild(el('span', {'class': 'tag random'}, 'random'));
    if (p.capture) h.appendChild(el('span', {'class': 'tag capture'}, 'capture'));
    if (p.pass) h.appendChild(el('span', {'class': 'tag'}, 'pass'));
    if (p.turn && p.turn.late) h.appendChild(el('span', {'class': 'tag'}, 'late'));
    else if (p.turn && (p.turn.cpu_us !== undefined ? p.turn.cpu_us : p.turn.time_us) > p.turn.limit_ms * 1000) h.appendChild(el('span', {'class': 'tag over'}, 'over time'));
    box.appendChild(h);
    if (A) analysisFacts(box, n);
    if (p.turn) turnFacts(box, p.turn, p.move);
    else box.appendChild(el('div', {}, 'Played by the opening, not by a bot.'));
  }

  /* The analysis of ply n: its judgement, the better move, and the
   * evaluation of the position it left. */
  function analysisFacts(box, n) {
    const p = D.plies[n - 1], j = A.moves[n - 1], before = A.positions[n - 1], now = A.positions[n];
    const div = el('div', {'class': 'analysis', id: 'analysis-ply'});
    if (j.judged) {
      const line = el('div');
      line.appendChild(el('span', {}, p.color + '\'s winning chance ' + pct(j.before) + ' \u2192 ' + pct(j.after) +
                                      (j.drop > 0 ? ' (\u2212' + Math.round(j.drop * 100) + ')' : '')));
      if (j.mark) line.appendChild(el('span', {'class': 'tag mark-' + j.mark, id: 'ply-mark'}, MARK_WORDS[j.mark]));
      div.appendChild(line);
    } else {
      div.appendChild(el('div', {'class': 'note'}, p.opening ? 'an opening ply: not judged' :
                                                   before.eval === 'none' ? 'not analysed' : 'forced: not judged'));
    }
    if (before.best && before.best !== p.move) {
      div.appendChild(el('div', {id: 'ply-best'}, 'best was ' + before.best + ' (' + before.text + ' for ' + p.color + ')' +
                                                  (before.pv ? ', line ' + before.pv : '')));
    } else if (before.best) {
      div.appendChild(el('div', {id: 'ply-best'}, 'the engine\'s move too (' + before.text + ' for ' + p.color + ')'));
    }
    if (before.connecting && j.mark === 'missed_win') {
      div.appendChild(el('div', {'class': 'bad'}, before.connect + ' connected' +
                                                  (before.connecting > 1 ? ' (and ' + (before.connecting - 1) + ' other moves)' : '')));
    }
    div.appendChild(el('div', {}, 'now ' + now.to_move + ' to move: ' + now.text +
                                  (now.best ? ', best ' + now.best : '') +
                                  (now.eval === 'cp' ? ' (score ' + now.score + ', depth ' + now.depth + ')' : '')));
    box.appendChild(div);
  }

  function drawError() {
    const box = $('error');
    const r = D.result;
    if (!D.error && !r.fault) return;
    box.hidden = false;
    box.appendChild(el('h2', {}, 'Game ended: ' + r.reason + ' (' + (D.error ? D.error.color + ', ply ' + (N + 1) : r.fault) + ')'));
    box.appendChild(el('div', {'class': 'bad', id: 'detail'}, r.detail));
    if (D.error) {
      box.appendChild(el('div', {}, 'Offending output:'));
      box.appendChild(el('pre', {id: 'offending'}, D.error.output === null ? '(no line)' : D.error.output));
      turnFacts(box, D.error, undefined);
    }
  }

  /* The judged time of a turn in ms: CPU time in --time-mode cpu records. */
  function judgedMs(t) { return (t.cpu_us !== undefined ? t.cpu_us : t.time_us) / 1000; }

  /* Time per ply: every answer's judged time against the turn limit. The
   * y axis stops at 1.25 times the limit (or the slowest later turn), so a
   * slow first turn (its own, longer limit) does not squash the others: it
   * is drawn clipped, a red triangle at the top with its value in its
   * title; "log scale" shows every point. */
  let chartMap = null;
  function drawChart() {
    const c = $('chart'), log = $('chart-log').checked;
    const series = [{name: D.players[0].name + ' (black)', color: '#15161a', points: [], dots: true},
                    {name: D.players[1].name + ' (white)', color: '#d98e04', points: [], dots: true}];
    let top = D.limits.turn_ms * 1.25, all = 0, clipped = 0;
    D.plies.forEach(function (p, i) {
      if (!p.turn || p.turn.time_us === null) return;
      const v = judgedMs(p.turn);
      series[p.color === 'black' ? 0 : 1].points.push([i + 1, v]);
      all = Math.max(all, v);
      if (p.turn.limit_ms === D.limits.turn_ms) top = Math.max(top, v * 1.05);
    });
    /* the failing answer (a timeout's wait, a crash's time), after the last ply */
    if (D.error && D.error.time_us !== null) {
      const v = judgedMs(D.error);
      series[D.error.color === 'black' ? 0 : 1].points.push([N + 1, v]);
      all = Math.max(all, v);
      if (D.error.limit_ms === D.limits.turn_ms) top = Math.max(top, v * 1.05);
    }
    series.forEach(function (s) { s.points.forEach(function (q) { if (q[1] > top) clipped++; }); });
    const hl = [{y: D.limits.turn_ms, label: D.limits.turn_ms + ' ms'}];
    if (log) hl.push({y: D.limits.first_turn_ms, label: 'first turn ' + D.limits.first_turn_ms + ' ms', color: '#7b4bb7'});
    const xmax = Math.max(1, D.error ? N + 1 : N);
    chartMap = LoaChart.line(c, {width: 600, height: 190, x: {min: xmax > 1 ? 1 : 0, max: xmax, label: 'ply'},
                                 y: log ? {min: 0.01, max: Math.max(all, D.limits.first_turn_ms) * 1.2, label: 'ms', log: true}
                                        : {min: 0, max: top, label: 'ms'},
                                 series: series, hlines: hl, clip: !log});
    c.appendChild(LoaChart.svg('line', {id: 'chart-cursor', y1: chartMap.top, y2: chartMap.bottom, stroke: '#1c5fb8', 'stroke-width': 1.5}));
    $('chart-note').textContent = !log && clipped ? clipped + (clipped === 1 ? ' turn' : ' turns') +
      ' above ' + Math.round(top) + ' ms drawn as a red triangle at the top (a first turn has its own limit, ' +
      D.limits.first_turn_ms + ' ms): log scale shows ' + (clipped === 1 ? 'it' : 'them') : '';
    moveCursor();
  }
  function moveCursor() {
    const x = $('chart-cursor');
    if (!x || !chartMap) return;
    const xv = cur === 0 ? chartMap.left : chartMap.x(cur);
    x.setAttribute('x1', xv);
    x.setAttribute('x2', xv);
  }

  /* Evaluation: a number each bot prints, read from its comment or, when
   * the comment has none, the last match in its stderr of that ply, with a
   * pattern whose first group is the number, else its metric "score"
   * (docs/metrics.md). The default reads loa-ab's
   * "score N" (its stderr line) and any "eval N"; the user's own pattern
   * is kept in the browser (localStorage). */
  const EVAL_DEFAULT = '(?:score|eval)[ =:]*([-+]?\\d+(?:\\.\\d+)?)';
  function evalPattern() {
    let s = EVAL_DEFAULT;
    try { s = localStorage.getItem('loa-eval-re') || EVAL_DEFAULT; } catch (e) { /* storage off */ }
    return s;
  }
  function evalOf(t, re) {
    for (const text of [t.comment, t.stderr]) {
      if (!text) continue;
      let m, last = null;
      re.lastIndex = 0;
      while ((m = re.exec(text)) !== null) {
        if (m[0] === '') { re.lastIndex++; continue; }
        last = m;
      }
      if (last && last[1] !== undefined && isFinite(Number(last[1]))) return Number(last[1]);
    }
    /* a bot that reports its score as a metric ([PDATA][turn] score = N) */
    return t.metrics && typeof t.metrics.score === 'number' ? t.metrics.score : null;
  }
  let evalMap = null;
  function drawEval() {
    const src = $('eval-re').value || EVAL_DEFAULT;
    let re;
    try { re = new RegExp(src, 'g'); } catch (e) {
      $('eval-note').textContent = 'not a regular expression: ' + e.message;
      return;
    }
    const flip = $('eval-black').checked;
    const series = [{name: D.players[0].name + ' (black)', color: '#15161a', points: [], dots: true},
                    {name: D.players[1].name + (flip ? ' (white, negated)' : ' (white)'), color: '#d98e04', points: [], dots: true}];
    let lo = 0, hi = 0;
    D.plies.forEach(function (p, i) {
      if (!p.turn) return;
      let v = evalOf(p.turn, re);
      if (v === null) return;
      if (flip && p.color === 'white') v = -v;
      series[p.color === 'black' ? 0 : 1].points.push([i + 1, v]);
      lo = Math.min(lo, v); hi = Math.max(hi, v);
    });
    const n = series[0].points.length + series[1].points.length;
    $('eval').setAttribute('data-points', String(n));
    $('eval').style.display = n ? '' : 'none';
    if (!n) {
      LoaChart.clear($('eval'));
      evalMap = null;
      $('eval-note').textContent = 'No ply matches the pattern nor reports a "score" metric: a bot that prints its score ' +
        '(loa-ab\'s "score N" on stderr) is charted here; set the pattern for your bot\'s words.';
      return;
    }
    /* A won or lost position's score (a mate score, 30000 for loa-ab) would
     * squash the others to a line: beyond 3 times the 90th percentile of
     * the scores' sizes, a score is drawn clipped, a triangle at the edge. */
    const sizes = series[0].points.concat(series[1].points).map(function (q) { return Math.abs(q[1]); })
      .sort(function (a, b) { return a - b; });
    const q90 = sizes[Math.floor((sizes.length - 1) * 0.9)], lim = q90 * 3;
    let clipped = 0;
    if (lim > 0 && sizes[sizes.length - 1] > lim) {
      clipped = sizes.filter(function (v) { return v > lim; }).length;
      lo = Math.max(lo, -lim); hi = Math.min(hi, lim);
    }
    const pad = (hi - lo) * 0.05 || 1;
    evalMap = LoaChart.line($('eval'), {width: 600, height: 170, x: {min: N > 1 ? 1 : 0, max: Math.max(1, N), label: 'ply'},
                                        y: {min: lo - pad, max: hi + pad, label: flip ? 'score (black\'s side)' : 'score (each bot\'s own side)'},
                                        series: series, clip: true,
                                        hlines: lo < 0 && hi > 0 ? [{y: 0, color: '#999', dash: '2 2'}] : []});
    $('eval-note').textContent = n + ' plies with a score' + (clipped ? '; ' + clipped + ' beyond ' + LoaChart.fmt(lim) +
      ' (a won or lost position) drawn as red triangles at the edge, their score in their tooltip.' : '.');
  }
  function setupEval() {
    const input = $('eval-re');
    input.value = evalPattern();
    input.addEventListener('change', function () {
      try { if (input.value === EVAL_DEFAULT || !input.value) localStorage.removeItem('loa-eval-re'); else localStorage.setItem('loa-eval-re', input.value); } catch (e) { /* storage off */ }
      drawEval();
    });
    $('eval-reset').addEventListener('click', function () { input.value = EVAL_DEFAULT; input.dispatchEvent(new Event('change')); });
    $('eval-black').addEventListener('change', drawEval);
    drawEval();
  }

  /* The analysis's evaluation graph (loa-analyse): black's winning chance
   * after each ply (one point a ply, coloured by its mark), the start's at
   * ply 0. */
  function drawAnalysis() {
    if (!A) return;
    $('analysis').hidden = false;
    $('analysis-title').textContent = 'Evaluation: black\'s winning chance (' + A.engine.split(' ')[0].split('/').pop() +
                                      ', ' + A.limit + ' ' + A.limit_value + ')';
    const c = $('evalchart'), W = 600, H = 170, L = 40, R = 10, T = 10, B = 22;
    const xs = function (n) { return L + (N < 1 ? 0 : n * (W - L - R) / N); };
    const ys = function (v) { return T + (H - T - B) * (1 - v); };
    c.appendChild(svg('rect', {x: L, y: T, width: W - L - R, height: H - T - B, fill: '#fafaf7', stroke: '#ddd'}));
    for (const v of [0, 0.5, 1]) {
      c.appendChild(svg('text', {x: L - 4, y: ys(v) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#666'}, pct(v)));
    }
    c.appendChild(svg('line', {x1: L, x2: W - R, y1: ys(0.5), y2: ys(0.5), stroke: '#999', 'stroke-dasharray': '4 3'}));
    const pts = A.positions.map(function (p, n) { return [xs(n), ys(p.black)]; });
    const area = 'M ' + xs(0) + ' ' + ys(0) + ' ' + pts.map(function (q) { return 'L ' + q[0].toFixed(1) + ' ' + q[1].toFixed(1); }).join(' ') +
                 ' L ' + xs(N) + ' ' + ys(0) + ' z';
    c.appendChild(svg('path', {d: area, fill: 'rgba(21,22,26,0.12)'}));
    c.appendChild(svg('polyline', {points: pts.map(function (q) { return q[0].toFixed(1) + ',' + q[1].toFixed(1); }).join(' '),
                                   fill: 'none', stroke: '#15161a', 'stroke-width': 1.5, 'class': 'eval-line'}));
    for (let n = 1; n <= N; n++) {
      const j = A.moves[n - 1], p = A.positions[n];
      const pt = svg('circle', {cx: pts[n][0], cy: pts[n][1], r: j.mark ? 4 : 2,
                                fill: j.mark ? MARK_COLOURS[j.mark] : '#15161a',
                                'class': 'eval-point' + (j.mark ? ' mark-' + j.mark : ''), 'data-ply': String(n)});
      pt.appendChild(svg('title', {}, 'ply ' + n + ' ' + D.plies[n - 1].move + ': ' + p.to_move + ' ' + p.text +
                                      (j.mark ? ', ' + MARK_WORDS[j.mark] : '')));
      c.appendChild(pt);
    }
    c.appendChild(svg('line', {id: 'eval-cursor', y1: T, y2: H - B, stroke: '#1c5fb8', 'stroke-width': 1.5}));
    c.appendChild(svg('text', {x: L + 4, y: H - 6, 'font-size': 10, fill: '#555'}, 'ply 0'));
    c.appendChild(svg('text', {x: W - R, y: H - 6, 'font-size': 10, fill: '#555', 'text-anchor': 'end'}, 'ply ' + N));
    c.addEventListener('click', function (ev) {
      const r = c.getBoundingClientRect();
      const x = (ev.clientX - r.left) * W / r.width;
      go(Math.max(0, Math.min(N, Math.round((x - L) * N / (W - L - R)))));
    });
    /* each side's marks, and its worst moment (a link to it) */
    const box = $('analysis-players');
    A.players.forEach(function (s, k) {
      const d = el('div', {'class': 'player-marks', id: 'marks-' + (k ? 'white' : 'black')});
      d.appendChild(el('b', {}, D.players[k].name + ' (' + (k ? 'white' : 'black') + ')' + (s.lost ? ', lost' : '') + ': '));
      d.appendChild(document.createTextNode(['inaccuracy', 'mistake', 'blunder', 'missed_win'].map(function (m) {
        return s[m] + ' ' + (s[m] === 1 ? MARK_WORDS[m] : MARK_PLURALS[m]);
      }).join(', ')));
      if (s.worst) {
        d.appendChild(document.createTextNode('; worst: '));
        const a = el('a', {href: '#ply=' + s.worst, 'class': 'worst'}, 'ply ' + s.worst + ' ' + D.plies[s.worst - 1].move +
                                                                     ' (\u2212' + Math.round(s.worst_drop * 100) + ')');
        d.appendChild(a);
      }
      box.appendChild(d);
    });
    box.appendChild(el('div', {'class': 'note'}, 'marks: ?! inaccuracy (a drop of ' + pct(A.thresholds.inaccuracy) +
                                                 '), ? mistake (' + pct(A.thresholds.mistake) + '), ?? blunder (' +
                                                 pct(A.thresholds.blunder) + '), miss: a win given up'));
  }

  function drawMoves() {
    const t = $('moves');
    t.appendChild(el('tr')).append(el('th', {'class': 'num'}, '#'), el('th', {}, 'black'), el('th', {}, 'white'));
    for (let n = 1; n <= N; n += 2) {
      const tr = el('tr');
      tr.appendChild(el('td', {'class': 'num'}, String((n + 1) / 2)));
      for (const k of [n, n + 1]) {
        if (k > N) break;
        const p = D.plies[k - 1];
        const td = el('td', {'data-ply': String(k), 'class': p.opening ? 'mono op' : 'mono',
                             title: p.opening ? 'opening' : ''}, p.move + (p.turn && p.turn.random ? '*' : ''));
        const j = A ? A.moves[k - 1] : null;
        if (j && j.mark) {
          td.appendChild(el('span', {'class': 'mark mark-' + j.mark, title: MARK_WORDS[j.mark] + ': ' + pct(j.before) +
                                     ' \u2192 ' + pct(j.after) + ', best ' + A.positions[k - 1].best}, j.symbol));
        }
        td.addEventListener('click', function () { go(k); });
        tr.appendChild(td);
      }
      t.appendChild(tr);
    }
  }

  /* The comment of the ply shown, by the board, as CodinGame's viewer
   * shows a bot's message: in the mover's colour, as text. */
  function drawBubble(n) {
    const p = n > 0 ? D.plies[n - 1] : null, b = $('bubble');
    const fail = n === N && D.error;
    const text = fail ? (D.error.output === null ? '(no line)' : D.error.output) : p && p.turn ? p.turn.comment : '';
    b.hidden = !text;
    if (!text) return;
    const color = fail ? D.error.color : p.color;
    b.className = 'bubble ' + color + (fail ? ' fail' : '');
    $('bubble-who').textContent = visible(D.players[color === 'black' ? 0 : 1].name + (fail ? ' (its last answer, ply ' + (N + 1) + ')' : '') + ':');
    $('bubble-text').textContent = visible(text);
  }

  function go(n) {
    n = Math.max(0, Math.min(N, n | 0));
    cur = n;
    drawBoard(n);
    drawPly(n);
    drawBubble(n);
    drawInput(n);
    showMetrics(n);
    $('slider').value = String(n);
    $('plylabel').textContent = 'ply ' + n + ' / ' + N + (n === N && (D.error || D.result.fault) ? ': the failing answer follows' : '');
    moveCursor();
    const ec = $('eval-cursor');
    if (ec) {
      const xv = 40 + (N < 1 ? 0 : n * 550 / N);
      ec.setAttribute('x1', xv);
      ec.setAttribute('x2', xv);
    }
    for (const td of document.querySelectorAll('#moves td[data-ply]')) {
      const on = Number(td.getAttribute('data-ply')) === n;
      td.classList.toggle('cur', on);
      if (on) { /* keep the current move in view, scrolling only the list */
        const list = td.closest('.movelist');
        const r = td.getBoundingClientRect(), lr = list.getBoundingClientRect();
        if (r.top < lr.top || r.bottom > lr.bottom) list.scrollTop += r.top - lr.top - list.clientHeight / 2;
      }
    }
    if (location.hash !== '#ply=' + n) history.replaceState(null, '', '#ply=' + n);
  }

  /* The input a bot read, as the referee wrote it (ref_turn_input,
   * docs/referee.md): its colour on its first turn, the 8 rows of the
   * board before the ply, the previous move, the legal moves the page
   * holds (turn.legal: two characters a move, page.c) or `1` and `pass`.
   * Ply k is a bot's turn when it has one (not the opening's); k = N + 1
   * is the failing answer's. `loa-replay --input` prints the same bytes. */
  const SQ64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  function sqName(c) { const s = SQ64.indexOf(c); return 'abcdefgh'[s % 8] + (Math.floor(s / 8) + 1); }
  function turnOf(k) { return k <= N ? D.plies[k - 1].turn : D.error; }
  function colorOf(k) { return k <= N ? D.plies[k - 1].color : D.error.color; }
  function turnInput(k, first) {
    const b = boardAt(k - 1), legal = turnOf(k).legal;
    let s = first ? colorOf(k)[0] + '\n' : '';
    for (let r = 0; r < 8; r++) s += b.substr(r * 8, 8) + '\n';
    s += (k === 1 ? 'null' : D.plies[k - 2].move) + '\n';
    if (legal === '') return s + '1\npass\n';
    s += legal.length / 2 + '\n';
    for (let i = 0; i < legal.length; i += 2) s += sqName(legal[i]) + sqName(legal[i + 1]) + '\n';
    return s;
  }
  /* The bytes of ply k's mover from its first turn through k. */
  function inputThrough(k) {
    let s = '', first = true;
    for (let j = D.opening_plies + 1; j <= k; j++) {
      if (colorOf(j) !== colorOf(k)) continue;
      s += turnInput(j, first);
      first = false;
    }
    return s;
  }
  function quoteSh(w) { return /^[A-Za-z0-9_.\/:=+-]+$/.test(w) ? w : "'" + w.replace(/'/g, "'\\''") + "'"; }
  /* The game as loa-replay names it: DIR ID for a league's game (the
   * directory from the page's own path when opened from a file), else
   * the record. */
  function gameWords() {
    let m = /^(.*) game (\d+)$/.exec(D.source);
    if (m) return quoteSh(m[1]) + ' ' + m[2];
    m = /^game (\d+)$/.exec(D.source);
    if (m) {
      const p = location.protocol === 'file:' ? decodeURIComponent(location.pathname).replace(/\/games\/[^/]*$/, '') : '';
      return (p ? quoteSh(p) : 'DIR') + ' ' + m[1];
    }
    return /\.json$/.test(D.source) ? quoteSh(D.source) : 'RECORD.json';
  }
  let inputPly = 0;
  function drawInput(n) {
    const k = n === N && D.error ? N + 1 : n;
    const ok = k > D.opening_plies && turnOf(k) && turnOf(k).legal !== undefined;
    inputPly = ok ? k : 0;
    $('input-copy').disabled = $('input-copy-turn').disabled = !ok;
    $('input').textContent = ok ? turnInput(k, k === firstTurnOf(k)) : '';
    $('input-note').textContent = !ok ? (n === 0 ? 'No turn yet: the input of a ply shows at that ply.' :
      'Ply ' + n + ' was played by the opening: no bot received it.') :
      'Ply ' + k + ': what ' + colorOf(k) + ' read on its turn (' + (k === N + 1 ? 'the failing answer\'s; ' : '') +
      inputThrough(k).length + ' bytes from the start of the game through it). Feed it to your bot:';
    $('input-command').textContent = ok ? 'loa-replay --input ' + gameWords() + ' --ply ' + k + ' | ./mybot' : '';
  }
  function firstTurnOf(k) {
    for (let j = D.opening_plies + 1; j <= k; j++) if (colorOf(j) === colorOf(k)) return j;
    return k;
  }
  function copyText(t) {
    if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(t).catch(function () { copyByHand(t); });
    copyByHand(t);
  }
  function copyByHand(t) {
    const a = el('textarea');
    a.value = t;
    document.body.appendChild(a);
    a.select();
    document.execCommand('copy');
    a.remove();
  }
  $('input-copy').addEventListener('click', function () { if (inputPly) copyText(inputThrough(inputPly)); });
  $('input-copy-turn').addEventListener('click', function () { if (inputPly) copyText(turnInput(inputPly, inputPly === firstTurnOf(inputPly))); });

  /* Play: one ply every 1/speed seconds until the end; any move by hand
   * keeps playing from there. */
  let timer = null;
  function playing() { return timer !== null; }
  function setPlay(on) {
    if (on && cur >= N) go(0);
    if (timer !== null) { clearInterval(timer); timer = null; }
    if (on) timer = setInterval(function () { if (cur >= N) setPlay(false); else go(cur + 1); },
                                1000 / Number($('speed').value));
    const b = $('play');
    b.textContent = on ? '\u275a\u275a pause' : '\u25b6 play';
    b.setAttribute('aria-label', on ? 'pause' : 'play');
    b.setAttribute('data-playing', on ? '1' : '0');
  }
  function speedStep(d) {
    const s = $('speed'), i = Math.max(0, Math.min(s.options.length - 1, s.selectedIndex + d));
    s.selectedIndex = i;
    if (playing()) setPlay(true);
  }

  /* A link's #ply=N, else the failing ply of a game lost by a fault (the
   * position its last answer was given in), else the start. */
  function plyFromHash() {
    const m = /^#ply=(\d+)$/.exec(location.hash);
    if (m) return Number(m[1]);
    return D.error || D.result.fault ? N : 0;
  }

  function header() {
    const r = D.result;
    $('title').textContent = visible(D.players[0].name + ' (black) vs ' + D.players[1].name + ' (white)');
    const s = $('summary');
    const parts = [['result', r.token + (r.winner ? ' (' + r.winner + ' wins)' : r.token === '1/2-1/2' ? ' (draw)' : '')],
                   ['reason', r.reason], ['scores', r.scores.join(' ')], ['seed', D.seed],
                   ['plies', String(N)], ['limits', D.limits.first_turn_ms + ' / ' + D.limits.turn_ms + ' ms']];
    if (D.opening_plies) parts.push(['opening', D.opening]);
    if (D.start_time) parts.push(['started', D.start_time]);
    if (D.imported_from) parts.push(['from', D.imported_from + ' (no times recorded)']);
    parts.forEach(function (kv, i) {
      if (i) s.appendChild(document.createTextNode(' \u00b7 '));
      s.appendChild(document.createTextNode(kv[0] + ' '));
      s.appendChild(el('b', {}, kv[1]));
    });
    s.appendChild(el('div', {}, r.detail));
    $('command').textContent = visible(D.command);
  }

  header();
  drawError();
  $('chart-log').addEventListener('change', drawChart);
  drawAnalysis();
  drawChart();
  setupEval();
  drawMoves();
  const slider = $('slider');
  slider.max = String(N);
  slider.addEventListener('input', function () { go(Number(slider.value)); });
  $('first').addEventListener('click', function () { go(0); });
  $('prev').addEventListener('click', function () { go(cur - 1); });
  $('next').addEventListener('click', function () { go(cur + 1); });
  $('last').addEventListener('click', function () { go(N); });
  $('play').addEventListener('click', function () { setPlay(!playing()); });
  $('speed').addEventListener('change', function () { if (playing()) setPlay(true); });
  $('chart').addEventListener('click', function (ev) {
    const r = $('chart').getBoundingClientRect();
    const x = (ev.clientX - r.left) * 600 / r.width;
    if (!chartMap) return;
    const xmax = Math.max(1, D.error ? N + 1 : N);
    go(Math.round(1 + (x - chartMap.left) * (xmax - 1) / (chartMap.right - chartMap.left)));
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.target === slider || ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT' ||
        ev.altKey || ev.ctrlKey || ev.metaKey) return; /* the slider steps itself */
    if (ev.key === ' ') { ev.preventDefault(); setPlay(!playing()); return; }
    if (ev.key === '+' || ev.key === '=') { speedStep(1); return; }
    if (ev.key === '-') { speedStep(-1); return; }
    const to = {ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: N, PageUp: cur - 10, PageDown: cur + 10}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  /* the bots' metrics of the shown ply, and over the game (metrics.js) */
  const showMetrics = window.LoaMetrics ? LoaMetrics.game(D, go) : function () {};
  window.addEventListener('hashchange', function () { go(plyFromHash()); });
  go(plyFromHash());
})();
