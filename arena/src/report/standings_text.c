/* standings_text.c - the standings as aligned tables: the table, the
 * notes, the game pairs, an SPRT's block, the score, distinct-games and
 * LOS matrices; and the standings of a set of games, computed and printed
 * (report/standings_text.h). */
#include "report/standings_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "league/schedule.h"
#include "report/sprt_report.h"
#include "report/standings_json.h"
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
    fprintf(out, "warning: %d pairing%s replayed the same games (distinct games by their moves "
            "below %d%%):", st->repetitive_pairings, st->repetitive_pairings == 1 ? "" : "s",
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
            "? are unreliable: give the bots different starts with --openings FILE or "
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

int arena_standings_print(const arena_standings *st, const arena_settings *s, FILE *out)
{
    int n = st->n, nw = 3;
    for (int i = 0; i < n; i++)
        if (arena_display_width(s->bots[i].name) > nw)
            nw = arena_display_width(s->bots[i].name);
    char shard[48] = "";
    /* the timing, when it is not CodinGame's plain wall clock */
    char timing[64] = "";
    if (s->time_mode == REF_TIME_CPU || s->time_margin_ms)
        snprintf(timing, sizeof timing, ", %s time%s%.0d%s",
                 s->time_mode == REF_TIME_CPU ? "CPU" : "wall-clock",
                 s->time_margin_ms ? " + " : "", s->time_margin_ms,
                 s->time_margin_ms ? " ms margin" : "");
    if (s->shard_count > 1)
        snprintf(shard, sizeof shard, " (shard %d/%d)", s->shard_index, s->shard_count);
    if (s->sprt) /* the schedule's size is only the SPRT's maximum */
        fprintf(out, "Standings: SPRT match, %d games (at most %d), seed %lld, %d ms per turn "
                "(first %d ms)%s\n", st->games, st->expected, (long long)s->seed, s->turn_ms,
                s->first_turn_ms, timing);
    else
        fprintf(out, "Standings: %s, %d bots, %d of %d games%s, seed %lld, %d ms per turn "
                "(first %d ms)%s\n", arena_format_name(s->format), n, st->games, st->expected,
                shard, (long long)s->seed, s->turn_ms, s->first_turn_ms, timing);
    /* "T/O 3 (2 under load)": wall-clock timeouts while the machine was
     * overloaded are shown apart; the column widens only when there are */
    char tout[ARENA_MAX_BOTS][40];
    int tw = 3, under = 0, late_col = s->time_margin_ms > 0, cpu_col = 0;
    for (int i = 0; i < n; i++) {
        const arena_bot_stats *b = &st->bots[i];
        if (b->timeouts_under_load)
            snprintf(tout[i], sizeof tout[i], "%d (%d under load)", b->timeouts,
                     b->timeouts_under_load);
        else
            snprintf(tout[i], sizeof tout[i], "%d", b->timeouts);
        if ((int)strlen(tout[i]) > tw)
            tw = (int)strlen(tout[i]);
        under += b->timeouts_under_load;
        late_col |= b->late > 0;
        cpu_col |= b->cpu_turns > 0;
    }
    fprintf(out, "%3s  ", "#");
    arena_pad_name(out, "Bot", nw);
    fprintf(out, " %6s %5s %6s %5s %5s %5s %7s %6s %5s %*s %4s %5s %5s %7s %7s", "Elo", "+/-",
            "Games", "W", "D", "L", "Points", "Score", "Draw", tw, "T/O", "Inv", "Crash",
            "Start", "Avg ms", "Max ms");
    if (late_col)
        fprintf(out, " %5s", "Late");
    if (cpu_col)
        fprintf(out, " %7s", "CPU ms");
    fputc('\n', out);
    for (int r = 0; r < n; r++) {
        int i = st->order[r];
        const arena_bot_stats *b = &st->bots[i];
        char elo[16], ci[16];
        fmt_elo(elo, sizeof elo, st->ratings.elo[i]);
        double c = st->ratings.ci95[i];
        if (isnan(c) || isinf(c) || c > 99999)
            snprintf(ci, sizeof ci, "-");
        else
            snprintf(ci, sizeof ci, "%.0f%s", c, st->unreliable[i] ? "?" : "");
        fprintf(out, "%3d  ", r + 1);
        arena_pad_name(out, s->bots[i].name, nw);
        char score[16], draw[16];
        if (b->games) {
            snprintf(score, sizeof score, "%.1f%%", 100.0 * b->points / b->games);
            snprintf(draw, sizeof draw, "%.0f%%", 100.0 * b->draws / b->games);
        } else {
            snprintf(score, sizeof score, "-");
            snprintf(draw, sizeof draw, "-");
        }
        fprintf(out, " %6s %5s %6d %5d %5d %5d %7.1f %6s %5s %*s %4d %5d %5d %7.1f %7.1f", elo,
                ci, b->games, b->wins, b->draws, b->losses, b->points, score, draw, tw, tout[i],
                b->invalid, b->crashes + b->other_faults, b->failed_to_start,
                b->turns ? b->total_ms / b->turns : 0.0, b->max_ms);
        if (late_col)
            fprintf(out, " %5d", b->late);
        if (cpu_col)
            fprintf(out, " %7.1f", b->cpu_turns ? b->cpu_total_ms / b->cpu_turns : 0.0);
        fputc('\n', out);
    }
    if (under)
        fprintf(out,
                "note: %d timeout%s came while the machine was overloaded (CPU pressure, "
                "docs/arena.md): they may be the load's, not the bot's; lower --concurrency "
                "or use --time-mode cpu.\n",
                under, under == 1 ? "" : "s");
    if (late_col)
        fprintf(out, "Late: answers over the limit by at most the %d ms margin, accepted.\n",
                s->time_margin_ms);
    if (cpu_col)
        fprintf(out, "CPU ms: mean CPU time of a turn after the first (cpu time mode).\n");
    if (st->ratings.anchor >= 0)
        fprintf(out, "Elo: Bradley-Terry maximum likelihood, %s = 0; +/-: 95%% interval.\n",
                s->bots[st->ratings.anchor].name);
    else
        fprintf(out, "Elo: Bradley-Terry maximum likelihood, mean = 0; +/-: 95%% interval.\n");
    if (st->ratings.prior_draws > 0)
        fprintf(out, "note: some bots scored 100%% against others, where maximum likelihood "
                "gives no finite Elo; %g virtual draw%s per pairing keep%s the ratings finite.\n",
                st->ratings.prior_draws, st->ratings.prior_draws == 1 ? "" : "s",
                st->ratings.prior_draws == 1 ? "s" : "");
    if (!st->ratings.converged)
        fprintf(out, "note: the rating fit did not converge (results too one-sided); "
                "ratings are approximate.\n");
    print_distinct(st, s, out);
    if (arena_standings_print_pairs(st, s, out))
        return ARENA_E_IO;
    if (st->have_sprt) {
        int t = arena_sprt_tested_bot(s);
        if (arena_sprt_print(&st->sprt, s->bots[t].name, s->bots[1 - t].name,
                             st->expected - st->games, out))
            return ARENA_E_IO;
    }

    /* Score matrix: row's points against column / games; the column as
     * wide as its widest cell (points are halves: "9999.5/20000"). */
    int cw = 9;
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
    fprintf(out, "\nScore matrix (points of the row bot against the column bot / games):\n");
    matrix_header(out, st, s, nw, cw);
    for (int r = 0; r < n; r++) {
        int i = st->order[r];
        fputs("  ", out);
        arena_pad_name(out, s->bots[i].name, nw);
        for (int c = 0; c < n; c++) {
            char cell[64];
            score_cell(st, i, st->order[c], cell, sizeof cell);
            fprintf(out, " %*s", cw, cell);
        }
        fputc('\n', out);
    }
    print_distinct_matrix(st, s, nw, cw, out);
    fprintf(out, "\nLikelihood of superiority (%% chance the row bot is stronger, from the "
            "ratings; variance from the game pairs):\n");
    matrix_header(out, st, s, nw, cw);
    for (int r = 0; r < n; r++) {
        int i = st->order[r];
        fputs("  ", out);
        arena_pad_name(out, s->bots[i].name, nw);
        for (int c = 0; c < n; c++) {
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

/* ---- the standings of a set of games ---- */

/* The league without the excluded bots: a copy of s with only the others
 * (no shape history, no SPRT unless two bots remain as they were), their
 * games renumbered onto the remaining bots, and the games the schedule
 * expects of them. Returns 0 or ARENA_E_NOMEM / ARENA_E_INVAL. */
static int view_without(const arena_settings *s, const unsigned char *exclude,
                        arena_game_record *recs, int *n, int *anchor, int *expected,
                        arena_settings *v)
{
    int map[ARENA_MAX_BOTS], kept = 0;
    for (int i = 0; i < s->bot_count; i++)
        map[i] = exclude[i] ? -1 : kept++;
    arena_settings_init(v);
    int rc = 0;
    for (int i = 0; i < s->bot_count && !rc; i++)
        if (!exclude[i])
            rc = arena_settings_add_bot(v, s->bots[i].name, s->bots[i].command, s->bots[i].cwd,
                                        NULL, 0);
    if (rc)
        return rc;
    v->format = s->format;
    v->games = s->games;
    v->seed = s->seed;
    v->turn_ms = s->turn_ms;
    v->first_turn_ms = s->first_turn_ms;
    v->max_plies = s->max_plies;
    v->sprt = 0; /* a test is between the league's two bots, not a view */
    int k = 0;
    for (int i = 0; i < *n; i++)
        if (map[recs[i].black] >= 0 && map[recs[i].white] >= 0) {
            recs[k] = recs[i];
            recs[k].black = map[recs[i].black];
            recs[k].white = map[recs[i].white];
            k++;
        }
    *n = k;
    *anchor = *anchor >= 0 ? map[*anchor] : -1;
    arena_game_spec *all = NULL;
    int total = 0;
    if ((rc = arena_schedule_build(s, &all, &total)))
        return rc;
    *expected = 0;
    for (int i = 0; i < total; i++)
        *expected += arena_shard_has(s, all[i].id) && map[all[i].black] >= 0 &&
                     map[all[i].white] >= 0;
    free(all);
    return 0;
}

int arena_standings_report(const arena_settings *s, const arena_game_record *records, int count,
                           int anchor, const unsigned char *exclude, FILE *out, cJSON **json)
{
    if (json)
        *json = NULL;
    /* large (pair matrices): on the heap; the records copied, for the view
     * without excluded bots renumbers them */
    arena_standings *st = malloc(sizeof *st);
    arena_game_record *recs = malloc(sizeof *recs * (size_t)(count > 0 ? count : 1));
    if (!st || !recs) {
        free(st);
        free(recs);
        return ARENA_E_NOMEM;
    }
    if (count > 0)
        memcpy(recs, records, sizeof *recs * (size_t)count);
    int n = count;
    arena_settings view;
    arena_settings_init(&view);
    int expected = -1, rc = 0;
    if (exclude && (rc = view_without(s, exclude, recs, &n, &anchor, &expected, &view)) == 0)
        s = &view;
    if (rc == 0)
        rc = arena_standings_compute(s, recs, n, anchor, st);
    free(recs);
    if (rc == 0 && expected >= 0)
        st->expected = expected;
    if (rc == 0 && st->games == 0) /* a table of zeros says nothing (a bot failed to start) */
        fprintf(out, "Standings: no game finished yet (0 of %d games)\n", st->expected);
    else if (rc == 0)
        rc = arena_standings_print(st, s, out);
    if (rc == 0 && json && !(*json = arena_standings_to_json(st, s)))
        rc = ARENA_E_NOMEM;
    arena_settings_clear(&view);
    free(st);
    return rc;
}

int arena_standings_report_text(const arena_settings *s, const arena_game_record *records,
                                int count, int anchor, char **text)
{
    size_t size = 0;
    *text = NULL;
    FILE *mem = open_memstream(text, &size);
    if (!mem)
        return ARENA_E_NOMEM;
    int rc = arena_standings_report(s, records, count, anchor, NULL, mem, NULL);
    if (fclose(mem) != 0 && rc == 0)
        rc = ARENA_E_NOMEM;
    if (rc) {
        free(*text);
        *text = NULL;
    }
    return rc;
}
