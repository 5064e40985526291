/*
 * replay.js - draws one game from the page data (replay.html, element
 * #replay-data; model in docs/replay.md). Every board comes from the data,
 * computed by the SDK in C: this file never applies a rule.
 *
 * Contract for tests and tools: #board carries data-ply (plies shown) and
 * data-board (64 chars, rank 8 first, '.', 'b', 'w'). The URL's #ply=N
 * follows the navigation and opens the page at ply N.
 *
 * With an analysis (D.analysis, docs/analysis.md): #evalchart holds one
 * circle.eval-point per ply (data-ply, class mark-<mark> when marked), the
 * moves list a span.mark per marked move, and the board a line.best-move
 * (data-move) when the engine's best move in the position before the
 * shown ply was not the move played.
 */
'use strict';
(function () {
  const D = JSON.parse(document.getElementById('replay-data').textContent);
  const SVGNS = 'http://www.w3.org/2000/svg';
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
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
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

  function drawChart() {
    const c = $('chart'), W = 600, H = 170, L = 40, R = 10, T = 10, B = 22;
    const pts = [[], []];
    let top = D.limits.turn_ms * 1.25;
    D.plies.forEach(function (p) { if (p.turn && p.turn.limit_ms === D.limits.turn_ms) top = Math.max(top, p.turn.time_us / 1000 * 1.05); });
    const xs = function (n) { return L + (N <= 1 ? 0 : (n - 1) * (W - L - R) / (N - 1)); };
    const ys = function (v) { return T + (H - T - B) * (1 - Math.min(v, top) / top); };
    D.plies.forEach(function (p, i) { if (p.turn && p.turn.time_us !== null) pts[p.color === 'black' ? 0 : 1].push([xs(i + 1), ys(p.turn.time_us / 1000)]); });
    c.appendChild(svg('rect', {x: L, y: T, width: W - L - R, height: H - T - B, fill: '#fafaf7', stroke: '#ddd'}));
    for (const v of [0, D.limits.turn_ms]) {
      c.appendChild(svg('text', {x: L - 4, y: ys(v) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#666'}, String(v)));
    }
    c.appendChild(svg('line', {x1: L, x2: W - R, y1: ys(D.limits.turn_ms), y2: ys(D.limits.turn_ms),
                               stroke: '#c62828', 'stroke-dasharray': '4 3'}));
    const colors = ['#15161a', '#d98e04'];
    pts.forEach(function (ps, k) {
      if (!ps.length) return;
      c.appendChild(svg('polyline', {points: ps.map(function (q) { return q[0].toFixed(1) + ',' + q[1].toFixed(1); }).join(' '),
                                     fill: 'none', stroke: colors[k], 'stroke-width': 1.5, 'class': 'series'}));
      ps.forEach(function (q) { c.appendChild(svg('circle', {cx: q[0], cy: q[1], r: 2.2, fill: colors[k]})); });
    });
    c.appendChild(svg('text', {x: L + 4, y: H - 6, 'font-size': 10, fill: colors[0]}, '\u25cf ' + D.players[0].name + ' (black)'));
    c.appendChild(svg('text', {x: L + 260, y: H - 6, 'font-size': 10, fill: colors[1]}, '\u25cf ' + D.players[1].name + ' (white)'));
    const cursor = svg('line', {id: 'chart-cursor', y1: T, y2: H - B, stroke: '#1c5fb8', 'stroke-width': 1.5});
    c.appendChild(cursor);
    c.addEventListener('click', function (ev) {
      const r = c.getBoundingClientRect();
      const x = (ev.clientX - r.left) * W / r.width;
      go(Math.max(0, Math.min(N, Math.round((x - L) * (N - 1) / (W - L - R)) + 1)));
    });
  }

  /* The evaluation graph: black's winning chance after each ply (one point
   * a ply, coloured by its mark), the start's at ply 0. */
  function drawEval() {
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

  function go(n) {
    n = Math.max(0, Math.min(N, n | 0));
    cur = n;
    drawBoard(n);
    drawPly(n);
    $('slider').value = String(n);
    $('plylabel').textContent = 'ply ' + n + ' / ' + N;
    const ec = $('eval-cursor');
    if (ec) {
      const xv = 40 + (N < 1 ? 0 : n * 550 / N);
      ec.setAttribute('x1', xv);
      ec.setAttribute('x2', xv);
    }
    const x = $('chart-cursor');
    if (x) {
      const xv = n === 0 ? 40 : 40 + (N <= 1 ? 0 : (n - 1) * 550 / (N - 1));
      x.setAttribute('x1', xv);
      x.setAttribute('x2', xv);
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

  function plyFromHash() {
    const m = /^#ply=(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : 0;
  }

  function header() {
    const r = D.result;
    $('title').textContent = D.players[0].name + ' (black) vs ' + D.players[1].name + ' (white)';
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
    $('command').textContent = D.command;
  }

  header();
  drawError();
  drawEval();
  drawChart();
  drawMoves();
  const slider = $('slider');
  slider.max = String(N);
  slider.addEventListener('input', function () { go(Number(slider.value)); });
  $('first').addEventListener('click', function () { go(0); });
  $('prev').addEventListener('click', function () { go(cur - 1); });
  $('next').addEventListener('click', function () { go(cur + 1); });
  $('last').addEventListener('click', function () { go(N); });
  document.addEventListener('keydown', function (ev) {
    if (ev.target === slider || ev.altKey || ev.ctrlKey || ev.metaKey) return; /* the slider steps itself */
    const to = {ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: N, PageUp: cur - 10, PageDown: cur + 10}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  window.addEventListener('hashchange', function () { go(plyFromHash()); });
  go(plyFromHash());
})();
