/* standings_text.c - the standings as aligned tables: the table, the
 * notes, the game pairs, an SPRT's block, the score, distinct-games and
 * LOS matrices (report/standings_text.h). */
#include "report/standings_text.h"

#include <math.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "league/schedule.h"
#include "report/sprt_report.h"
#include "results/diversity.h"

/* The column names of a bots x bots matrix, in standings order. */
static void matrix_header(FILE *out, const arena_standings *st, const arena_settings *s, int nw,
                          int cw)
{
    arena_pad_name(out, "", nw + 2);
    for (int c = 0; c < st->n; c++)
        fprintf(out, " %*.*s", cw, cw, s->bots[st->order[c]].name);
    fputc('\n', out);
}

static void fmt_elo(char *buf, size_t n, double e)
{
    if (isnan(e))
        snprintf(buf, n, "-");
    else if (isinf(e))
        snprintf(buf, n, e > 0 ? "+inf" : "-inf");
    else
        snprintf(buf, n, "%+.0f", fabs(e) < 0.5 ? 0.0 : e);
}

/* The distinct-games line, or the warning naming the repetitive pairings
 * (at most 5, then how many more). */
static void print_distinct(const arena_standings *st, const arena_settings *s, FILE *out)
{
    int n = st->n, known = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            known += st->pair_known[i * n + j];
    if (known == 0)
        return;
    if (!st->repetitive_pairings) {
        fprintf(out, "Distinct games: %d of %d (by their moves); every pairing at least %d%%.\n",
                st->distinct_games, known, ARENA_DISTINCT_MIN_PERCENT);
        return;
    }
    fprintf(out,
            "warning: %d pairing%s replayed the same games (distinct games by their moves "
            "below %d%%):",
            st->repetitive_pairings, st->repetitive_pairings == 1 ? "" : "s",
            ARENA_DISTINCT_MIN_PERCENT);
    int shown = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int k = st->pair_known[i * n + j], d = st->pair_distinct[i * n + j];
            if (!arena_distinct_is_low(k, d))
                continue;
            if (shown++ < 5)
                fprintf(out, "%s %s - %s %d of %d", shown > 1 ? "," : "", s->bots[i].name,
                        s->bots[j].name, d, k);
        }
    if (shown > 5)
        fprintf(out, ", and %d more", shown - 5);
    fprintf(out, ".\n  The games are not independent, so the intervals and likelihoods marked "
                 "? are unreliable: ");
    int count, pairs;
    if (arena_settings_openings_wrap(s, &count, &pairs))
        fprintf(out,
                "%s has %d opening%s for %d pairs a pairing, so they were played again "
                "from pair %d: give a longer suite or --random-plies N.\n",
                s->openings_file, count, count == 1 ? "" : "s", pairs, count + 1);
    else if (s->openings_file)
        fprintf(out,
                "give the bots more different starts than %s: a longer or more varied "
                "suite, or --random-plies N.\n",
                s->openings_file);
    else
        fprintf(out, "give the bots different starts with --openings FILE or "
                     "--random-plies N.\n");
}

/* Distinct games / games of each pairing (those whose moves are known), a
 * '!' after a repetitive pairing; nothing when no game's moves are known
 * (lines of older arenas). */
static void print_distinct_matrix(const arena_standings *st, const arena_settings *s, int nw,
                                  int cw, FILE *out)
{
    int n = st->n, known = 0;
    for (int i = 0; i < n * n; i++)
        known += st->pair_known[i];
    if (!known)
        return;
    fprintf(out, "\nDistinct games (different move lists / games of the pairing; ! below %d%%):\n",
            ARENA_DISTINCT_MIN_PERCENT);
    matrix_header(out, st, s, nw, cw);
    for (int r = 0; r < n; r++) {
        int i = st->order[r];
        fputs("  ", out);
        arena_pad_name(out, s->bots[i].name, nw);
        for (int c = 0; c < n; c++) {
            int j = st->order[c], k = st->pair_known[i * n + j], d = st->pair_distinct[i * n + j];
            char cell[32];
            if (i == j)
                snprintf(cell, sizeof cell, "-");
            else if (k == 0)
                snprintf(cell, sizeof cell, ".");
            else
                snprintf(cell, sizeof cell, "%d/%d%s", d, k,
                         arena_distinct_is_low(k, d) ? "!" : "");
            fprintf(out, " %*s", cw, cell);
        }
        fputc('\n', out);
    }
}

/* The score matrix's cell of row i, column j: "-", "." (never met) or
 * points/games, points with their half when there is one (never %g's
 * exponent: 1000000 games is "1000000", not "1e+06"). */
static void score_cell(const arena_standings *st, int i, int j, char *cell, size_t size)
{
    int n = st->n;
    double p = st->pair_points[i * n + j], g = st->pair_games[i * n + j];
    if (i == j)
        snprintf(cell, size, "-");
    else if (g == 0)
        snprintf(cell, size, ".");
    else if (p != floor(p))
        snprintf(cell, size, "%.1f/%.0f", p, g);
    else
        snprintf(cell, size, "%.0f/%.0f", p, g);
}

/* Widest bot name, at least 3. */
static int name_width(const arena_settings *s, int n)
{
    int nw = 3;
    for (int i = 0; i < n; i++)
        if (arena_display_width(s->bots[i].name) > nw)
            nw = arena_display_width(s->bots[i].name);
    return nw;
}

/* "Standings: round-robin, 3 bots, 12 of 12 games, seed 1, ..." */
static void print_title(const arena_standings *st, const arena_settings *s, FILE *out)
{
    char shard[48] = "";
    /* the timing, when it is not CodinGame's plain wall clock */
    char timing[64] = "";
    if (s->time_mode == REF_TIME_CPU || s->limits.time_margin_ms)
        snprintf(timing, sizeof timing, ", %s time%s%.0d%s",
                 s->time_mode == REF_TIME_CPU ? "CPU" : "wall-clock",
                 s->limits.time_margin_ms ? " + " : "", s->limits.time_margin_ms,
                 s->limits.time_margin_ms ? " ms margin" : "");
    if (s->shard_count > 1)
        snprintf(shard, sizeof shard, " (shard %d/%d)", s->shard_index, s->shard_count);
    if (s->sprt) /* the schedule's size is only the SPRT's maximum */
        fprintf(out,
                "Standings: SPRT match, %d games (at most %d), seed %lld, %d ms per turn "
                "(first %d ms)%s\n",
                st->games, st->expected, (long long)s->seed, s->limits.turn_ms,
                s->limits.first_turn_ms, timing);
    else if (s->continuous) /* no end: the games so far */
        fprintf(out,
                "Standings: %s, %d bots, %d games (continuous), seed %lld, %d ms per "
                "turn (first %d ms)%s\n",
                arena_format_name(s->format), st->n, st->games, (long long)s->seed,
                s->limits.turn_ms, s->limits.first_turn_ms, timing);
    else
        fprintf(out,
                "Standings: %s, %d bots, %d of %d games%s, seed %lld, %d ms per turn "
                "(first %d ms)%s\n",
                arena_format_name(s->format), st->n, st->games, st->expected, shard,
                (long long)s->seed, s->limits.turn_ms, s->limits.first_turn_ms, timing);
}

/* The table's optional columns and the timeouts' cells: "T/O 3 (2 under
 * load)", wall-clock timeouts while the machine was overloaded shown
 * apart, the column widening only when there are. */
typedef struct columns {
    char tout[ARENA_MAX_BOTS][40];
    int tw, under, late, cpu;
} columns;

static void table_columns(const arena_standings *st, const arena_settings *s, columns *c)
{
    c->tw = 3;
    c->under = 0;
    c->late = s->limits.time_margin_ms > 0;
    c->cpu = 0;
    for (int i = 0; i < st->n; i++) {
        const arena_bot_stats *b = &st->bots[i];
        if (b->timeouts_under_load)
            snprintf(c->tout[i], sizeof c->tout[i], "%d (%d under load)", b->timeouts,
                     b->timeouts_under_load);
        else
            snprintf(c->tout[i], sizeof c->tout[i], "%d", b->timeouts);
        if ((int)strlen(c->tout[i]) > c->tw)
            c->tw = (int)strlen(c->tout[i]);
        c->under += b->timeouts_under_load;
        c->late |= b->late > 0;
        c->cpu |= b->cpu_turns > 0;
    }
}

/* One bot's row of the table, ranked r. */
static void print_row(const arena_standings *st, const arena_settings *s, const columns *c, int r,
                      int nw, FILE *out)
{
    int i = st->order[r];
    const arena_bot_stats *b = &st->bots[i];
    char elo[16], ci[16], score[16], draw[16];
    fmt_elo(elo, sizeof elo, st->ratings.elo[i]);
    double w = st->ratings.ci95[i];
    if (isnan(w) || isinf(w) || w > 99999)
        snprintf(ci, sizeof ci, "-");
    else
        snprintf(ci, sizeof ci, "%.0f%s", w, st->unreliable[i] ? "?" : "");
    fprintf(out, "%3d  ", r + 1);
    arena_pad_name(out, s->bots[i].name, nw);
    if (b->games) {
        snprintf(score, sizeof score, "%.1f%%", 100.0 * b->points / b->games);
        snprintf(draw, sizeof draw, "%.0f%%", 100.0 * b->draws / b->games);
    } else {
        snprintf(score, sizeof score, "-");
        snprintf(draw, sizeof draw, "-");
    }
    fprintf(out, " %6s %5s %6d %5d %5d %5d %7.1f %6s %5s %*s %4d %5d %5d %7.1f %7.1f", elo, ci,
            b->games, b->wins, b->draws, b->losses, b->points, score, draw, c->tw, c->tout[i],
            b->invalid, b->crashes + b->other_faults, b->failed_to_start,
            b->turns ? b->total_ms / b->turns : 0.0, b->max_ms);
    if (c->late)
        fprintf(out, " %5d", b->late);
    if (c->cpu)
        fprintf(out, " %7.1f", b->cpu_turns ? b->cpu_total_ms / b->cpu_turns : 0.0);
    if (s->bots[i].retired) /* --retire: no longer scheduled, its games kept */
        fputs("  retired", out);
    fputc('\n', out);
}

/* The table: a row per bot, best first. */
static void print_table(const arena_standings *st, const arena_settings *s, const columns *c,
                        int nw, FILE *out)
{
    fprintf(out, "%3s  ", "#");
    arena_pad_name(out, "Bot", nw);
    fprintf(out, " %6s %5s %6s %5s %5s %5s %7s %6s %5s %*s %4s %5s %5s %7s %7s", "Elo", "+/-",
            "Games", "W", "D", "L", "Points", "Score", "Draw", c->tw, "T/O", "Inv", "Crash",
            "Start", "Avg ms", "Max ms");
    if (c->late)
        fprintf(out, " %5s", "Late");
    if (c->cpu)
        fprintf(out, " %7s", "CPU ms");
    fputc('\n', out);
    for (int r = 0; r < st->n; r++)
        print_row(st, s, c, r, nw, out);
}

/* What the table's columns and ratings mean, and what went wrong. */
static void print_notes(const arena_standings *st, const arena_settings *s, const columns *c,
                        FILE *out)
{
    if (c->under)
        fprintf(out,
                "note: %d timeout%s came while the machine was overloaded (CPU pressure, "
                "docs/arena.md): they may be the load's, not the bot's; lower --concurrency "
                "or use --time-mode cpu.\n",
                c->under, c->under == 1 ? "" : "s");
    if (c->late)
        fprintf(out, "Late: answers over the limit by at most the %d ms margin, accepted.\n",
                s->limits.time_margin_ms);
    if (c->cpu)
        fprintf(out, "CPU ms: mean CPU time of a turn after the first (cpu time mode).\n");
    if (st->ratings.anchor >= 0)
        fprintf(out, "Elo: Bradley-Terry maximum likelihood, %s = 0; +/-: 95%% interval.\n",
                s->bots[st->ratings.anchor].name);
    else
        fprintf(out, "Elo: Bradley-Terry maximum likelihood, mean = 0; +/-: 95%% interval.\n");
    if (st->ratings.prior_draws > 0)
        fprintf(out,
                "note: some bots scored 100%% against others, where maximum likelihood "
                "gives no finite Elo; %g virtual draw%s per pairing keep%s the ratings finite.\n",
                st->ratings.prior_draws, st->ratings.prior_draws == 1 ? "" : "s",
                st->ratings.prior_draws == 1 ? "s" : "");
    if (!st->ratings.converged)
        fprintf(out, "note: the rating fit did not converge (results too one-sided); "
                     "ratings are approximate.\n");
}

/* Matrix columns: as wide as the names (at most 14) and the widest score
 * cell (points are halves: "9999.5/20000"). */
static int matrix_width(const arena_standings *st, const arena_settings *s)
{
    int n = st->n, cw = 9;
    for (int i = 0; i < n; i++)
        if (arena_display_width(s->bots[i].name) > cw)
            cw = arena_display_width(s->bots[i].name);
    if (cw > 14)
        cw = 14;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            char cell[64];
            score_cell(st, i, j, cell, sizeof cell);
            if ((int)strlen(cell) > cw)
                cw = (int)strlen(cell);
        }
    return cw;
}

/* Score matrix: row's points against column / games. */
static void print_score_matrix(const arena_standings *st, const arena_settings *s, int nw, int cw,
                               FILE *out)
{
    fprintf(out, "\nScore matrix (points of the row bot against the column bot / games):\n");
    matrix_header(out, st, s, nw, cw);
    for (int r = 0; r < st->n; r++) {
        int i = st->order[r];
        fputs("  ", out);
        arena_pad_name(out, s->bots[i].name, nw);
        for (int c = 0; c < st->n; c++) {
            char cell[64];
            score_cell(st, i, st->order[c], cell, sizeof cell);
            fprintf(out, " %*s", cw, cell);
        }
        fputc('\n', out);
    }
}

/* The likelihood of superiority of each row bot over each column bot. */
static void print_los_matrix(const arena_standings *st, const arena_settings *s, int nw, int cw,
                             FILE *out)
{
    fprintf(out, "\nLikelihood of superiority (%% chance the row bot is stronger, from the "
                 "ratings; variance from the game pairs):\n");
    matrix_header(out, st, s, nw, cw);
    for (int r = 0; r < st->n; r++) {
        int i = st->order[r];
        fputs("  ", out);
        arena_pad_name(out, s->bots[i].name, nw);
        for (int c = 0; c < st->n; c++) {
            int j = st->order[c];
            double l = st->ratings.los[i][j];
            char cell[32];
            if (i == j || isnan(l))
                snprintf(cell, sizeof cell, "-");
            else
                snprintf(cell, sizeof cell, "%.1f%s", 100.0 * l,
                         st->unreliable[i] || st->unreliable[j] ? "?" : "");
            fprintf(out, " %*s", cw, cell);
        }
        fputc('\n', out);
    }
}

int arena_standings_print(const arena_standings *st, const arena_settings *s, FILE *out)
{
    int nw = name_width(s, st->n);
    columns c;
    print_title(st, s, out);
    table_columns(st, s, &c);
    print_table(st, s, &c, nw, out);
    print_notes(st, s, &c, out);
    print_distinct(st, s, out);
    if (arena_standings_print_pairs(st, s, out))
        return ARENA_E_IO;
    if (st->have_sprt) {
        int t = arena_sprt_tested_bot(s);
        if (arena_sprt_print(&st->sprt, s->bots[t].name, s->bots[1 - t].name,
                             st->expected - st->games, out))
            return ARENA_E_IO;
    }
    int cw = matrix_width(st, s);
    print_score_matrix(st, s, nw, cw, out);
    print_distinct_matrix(st, s, nw, cw, out);
    print_los_matrix(st, s, nw, cw, out);
    return ferror(out) ? ARENA_E_IO : 0;
}

/* ---- the game-pairs section: pair statistics are the right ones for
 * paired games (the two games of a pair share an opening, so their results
 * are correlated and game-level variance misstates the interval) ---- */

int arena_standings_print_pairs(const arena_standings *st, const arena_settings *s, FILE *out)
{
    int n = st->n;
    int pairings = arena_pairing_count(s->format, n);
    int shown = 0, with_pairs = 0, nw = 3;
    for (int i = 0; i < n; i++)
        if (arena_display_width(s->bots[i].name) > nw)
            nw = arena_display_width(s->bots[i].name);
    for (int p = 0; p < pairings; p++) {
        int a, b;
        if (arena_league_pairing(s, p, &a, &b))
            return ARENA_E_INVAL;
        const int *penta = &st->pair_penta[(a * n + b) * ARENA_PENTA_BINS];
        arena_penta_stats ps;
        if (arena_penta_stats_compute(penta, &ps))
            continue; /* no complete pair */
        if (with_pairs++ == 0)
            fprintf(out, "\nGame pairs (two games on one opening, colours swapped), from the "
                         "first bot's side; Elo from the variance of pair scores:\n");
        if (shown >= ARENA_PAIRS_PRINT_MAX)
            continue;
        shown++;
        char elo[80], nelo[80];
        arena_format_elo_interval(ps.elo, ps.elo_lo, ps.elo_hi, elo, sizeof elo);
        arena_format_elo_interval(ps.nelo, ps.nelo_lo, ps.nelo_hi, nelo, sizeof nelo);
        fputs("  ", out);
        arena_pad_name(out, s->bots[a].name, nw);
        fputs(" vs ", out);
        arena_pad_name(out, s->bots[b].name, nw);
        fprintf(out, " %6d pairs  Ptnml [%d, %d, %d, %d, %d]  Elo %s  nElo %s  LOS %.1f%%\n",
                ps.pairs, penta[0], penta[1], penta[2], penta[3], penta[4], elo, nelo,
                100.0 * ps.los);
    }
    if (with_pairs > shown)
        fprintf(out, "  ... %d more pairings: see \"pairs\" in standings.json\n",
                with_pairs - shown);
    if (with_pairs)
        fprintf(out, "  Ptnml: pairs scoring 0, 0.5, 1, 1.5, 2 points of 2 [LL, LD, WL+DD, WD, "
                     "WW]; intervals 95%%.\n");
    return ferror(out) ? ARENA_E_IO : 0;
}
