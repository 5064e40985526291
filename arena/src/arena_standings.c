/* arena_standings.c - per-bot totals, matrices, tables, standings.json. */
#include "arena_standings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena_diversity.h"
#include "arena_error.h"
#include "arena_json.h"
#include "arena_pairs.h"
#include "arena_schedule.h"

int arena_reason_kind(ref_reason reason)
{
    switch (reason) {
    case REF_REASON_TIMEOUT:
        return ARENA_FAULT_TIMEOUT;
    case REF_REASON_INVALID_UNKNOWN_MOVE:
    case REF_REASON_INVALID_PASS:
    case REF_REASON_INVALID_EMPTY:
    case REF_REASON_INVALID_NOT_A_MOVE:
    case REF_REASON_INVALID_LINE_TOO_LONG:
        return ARENA_FAULT_INVALID;
    case REF_REASON_CRASHED:
    case REF_REASON_CLOSED_OUTPUT:
        return ARENA_FAULT_CRASH;
    case REF_REASON_FAILED_TO_START:
        return ARENA_FAULT_START;
    default:
        return ARENA_FAULT_OTHER;
    }
}

static double rank_key(const arena_standings *st, int i)
{
    double e = st->ratings.elo[i];
    return isnan(e) ? -HUGE_VAL : e;
}

static int better(const arena_standings *st, int a, int b)
{
    double ea = rank_key(st, a), eb = rank_key(st, b);
    if (ea != eb)
        return ea > eb;
    const arena_bot_stats *x = &st->bots[a], *y = &st->bots[b];
    double fa = x->games ? x->points / x->games : -1, fb = y->games ? y->points / y->games : -1;
    if (fa != fb)
        return fa > fb;
    return a < b;
}

int arena_standings_compute(const arena_settings *s, const arena_game_record *records,
                            int count, int anchor, arena_standings *out)
{
    int n = s->bot_count;
    if (n < 1 || n > ARENA_MAX_BOTS)
        return ARENA_E_INVAL;
    memset(out, 0, sizeof *out);
    out->n = n;
    out->expected = (int)arena_shard_size(s);
    for (int k = 0; k < count; k++) {
        const arena_game_record *r = &records[k];
        if (r->black < 0 || r->black >= n || r->white < 0 || r->white >= n ||
            r->black == r->white)
            return ARENA_E_INVAL;
        int side[2] = {r->black, r->white};
        out->games++;
        for (int c = 0; c < 2; c++) {
            arena_bot_stats *b = &out->bots[side[c]];
            int o = side[1 - c];
            b->games++;
            out->pair_games[side[c] * n + o] += 1;
            if (r->winner == c) {
                b->wins++;
                b->points += 1;
                out->pair_points[side[c] * n + o] += 1;
                out->pair_wins[side[c]][o]++;
            } else if (r->winner < 0) {
                b->draws++;
                b->points += 0.5;
                out->pair_points[side[c] * n + o] += 0.5;
            } else {
                b->losses++;
            }
            if (r->fault == c) {
                switch (arena_reason_kind(r->reason)) {
                case ARENA_FAULT_TIMEOUT:
                    b->timeouts++;
                    b->timeouts_under_load += r->under_load == 1;
                    break;
                case ARENA_FAULT_INVALID: b->invalid++; break;
                case ARENA_FAULT_CRASH: b->crashes++; break;
                case ARENA_FAULT_START: b->failed_to_start++; break;
                default: b->other_faults++; break;
                }
            }
            const arena_side_time *t = &r->time[c];
            b->late += t->late;
            if (t->cpu_total_ms >= 0) {
                b->cpu_turns += t->turns;
                b->cpu_total_ms += t->cpu_total_ms;
            }
            b->turns += t->turns;
            b->total_ms += t->total_ms;
            if (t->max_ms > b->max_ms)
                b->max_ms = t->max_ms;
            if (t->first_ms > b->first_max_ms)
                b->first_max_ms = t->first_ms;
        }
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            out->los_h2h[i][j] = i == j ? NAN
                                        : arena_los_wl(out->pair_wins[i][j], out->pair_wins[j][i]);
    /* the pairs first: the ratings' variance is theirs */
    int rc = arena_pairs_pentanomial(records, count, n, out->pair_penta);
    if (rc || (rc = arena_ratings_fit(n, out->pair_games, out->pair_points, anchor, -1,
                                      out->pair_penta, &out->ratings)))
        return rc;
    if ((rc = arena_distinct_games(n, records, count, out->pair_known, out->pair_distinct)))
        return rc;
    if (s->sprt && n == 2 && s->shard_count <= 1) {
        /* replayed in stored order: the decision is the first crossing */
        int t = arena_sprt_tested_bot(s);
        arena_sprt_match m;
        if ((rc = arena_sprt_match_init(&m, &s->sprt_params, t, 1 - t,
                                        out->expected / 2 > 0 ? out->expected / 2 : 1)))
            return rc;
        for (int k = 0; k < count; k++)
            arena_sprt_match_add(&m, &records[k]);
        out->sprt = m.status;
        out->have_sprt = 1;
        arena_sprt_match_free(&m);
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            out->distinct_games += out->pair_distinct[i * n + j];
            if (arena_distinct_is_low(out->pair_known[i * n + j], out->pair_distinct[i * n + j])) {
                out->repetitive_pairings++;
                out->unreliable[i] = out->unreliable[j] = 1;
            }
        }
    for (int i = 0; i < n; i++)
        out->order[i] = i;
    for (int i = 1; i < n; i++) /* insertion sort: n <= 64 */
        for (int j = i; j > 0 && better(out, out->order[j], out->order[j - 1]); j--) {
            int t = out->order[j];
            out->order[j] = out->order[j - 1];
            out->order[j - 1] = t;
        }
    return 0;
}

/* ---- printing ---- */

int arena_display_width(const char *s)
{
    int w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            w++;
    return w;
}

void arena_pad_name(FILE *out, const char *name, int w)
{
    fputs(name, out);
    for (int k = arena_display_width(name); k < w; k++)
        fputc(' ', out);
}

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

/* ---- JSON ---- */

cJSON *arena_standings_to_json(const arena_standings *st, const arena_settings *s)
{
    int n = st->n;
    cJSON *root = cJSON_CreateObject();
    cJSON *bots = cJSON_CreateArray(), *pairs = cJSON_CreateArray();
    char seed[32];
    snprintf(seed, sizeof seed, "%lld", (long long)s->seed);
    int ok = root && bots && pairs &&
             arena_json_add(root, "format", cJSON_CreateString(arena_format_name(s->format))) &&
             arena_json_add(root, "seed", cJSON_CreateString(seed)) &&
             arena_json_add_number(root, "games", st->games, 0) &&
             arena_json_add_number(root, "expected_games", st->expected, 0) &&
             arena_json_add(root, "complete", cJSON_CreateBool(st->games == st->expected)) &&
             arena_json_add_number(root, "turn_ms", s->turn_ms, 0) &&
             arena_json_add_number(root, "first_turn_ms", s->first_turn_ms, 0) &&
             arena_json_add(root, "anchor", st->ratings.anchor >= 0
                                     ? cJSON_CreateString(s->bots[st->ratings.anchor].name)
                                     : cJSON_CreateNull()) &&
             arena_json_add(root, "rating_fit_converged",
                            cJSON_CreateBool(st->ratings.converged)) &&
             arena_json_add_number(root, "rating_prior_draws", st->ratings.prior_draws, 0) &&
             arena_json_add_number(root, "distinct_games", st->distinct_games, 0) &&
             arena_json_add_number(root, "repetitive_pairings", st->repetitive_pairings, 0) &&
             arena_json_add(root, "intervals_reliable",
                            cJSON_CreateBool(st->repetitive_pairings == 0));
    if (!ok) {
        cJSON_Delete(bots);
        cJSON_Delete(pairs);
        cJSON_Delete(root);
        return NULL;
    }
    cJSON_AddItemToObject(root, "bots", bots);
    cJSON_AddItemToObject(root, "pairs", pairs);
    for (int r = 0; r < n && ok; r++) {
        int i = st->order[r];
        const arena_bot_stats *b = &st->bots[i];
        cJSON *o = cJSON_CreateObject(), *err = cJSON_CreateObject();
        if (!o || !err || !cJSON_AddItemToArray(bots, o)) {
            cJSON_Delete(o);
            cJSON_Delete(err);
            ok = 0;
            break;
        }
        ok = arena_json_add_number(o, "rank", r + 1, 0) &&
             arena_json_add(o, "name", cJSON_CreateString(s->bots[i].name)) &&
             arena_json_add_number(o, "elo", st->ratings.elo[i], 0.1) &&
             arena_json_add_number(o, "elo_ci95", st->ratings.ci95[i], 0.1) &&
             arena_json_add(o, "elo_ci95_reliable", cJSON_CreateBool(!st->unreliable[i])) &&
             arena_json_add_number(o, "games", b->games, 0) &&
             arena_json_add_number(o, "wins", b->wins, 0) &&
             arena_json_add_number(o, "draws", b->draws, 0) &&
             arena_json_add_number(o, "losses", b->losses, 0) &&
             arena_json_add_number(o, "points", b->points, 0) &&
             arena_json_add_number(o, "score", b->games ? b->points / b->games : NAN, 1e-4) &&
             arena_json_add_number(err, "timeout", b->timeouts, 0) &&
             arena_json_add_number(err, "timeout_under_load", b->timeouts_under_load, 0) &&
             arena_json_add_number(err, "invalid", b->invalid, 0) &&
             arena_json_add_number(err, "crashed", b->crashes, 0) &&
             arena_json_add_number(err, "failed_to_start", b->failed_to_start, 0) &&
             arena_json_add_number(err, "other", b->other_faults, 0);
        if (ok)
            cJSON_AddItemToObject(o, "errors", err);
        else
            cJSON_Delete(err);
        ok = ok && arena_json_add_number(o, "turns", b->turns, 0) &&
             arena_json_add_number(o, "avg_ms", b->turns ? b->total_ms / b->turns : 0, 0.001) &&
             arena_json_add_number(o, "max_ms", b->max_ms, 0.001) &&
             arena_json_add_number(o, "first_turn_max_ms", b->first_max_ms, 0.001) &&
             arena_json_add_number(o, "late", b->late, 0) &&
             (!b->cpu_turns ||
              arena_json_add_number(o, "avg_cpu_ms", b->cpu_total_ms / b->cpu_turns, 0.001));
    }
    for (int i = 0; i < n && ok; i++)
        for (int j = i + 1; j < n && ok; j++) {
            cJSON *o = cJSON_CreateObject();
            if (!o || !cJSON_AddItemToArray(pairs, o)) {
                cJSON_Delete(o);
                ok = 0;
                break;
            }
            double g = st->pair_games[i * n + j];
            const int *penta = &st->pair_penta[(i * n + j) * ARENA_PENTA_BINS];
            ok = arena_json_add(o, "a", cJSON_CreateString(s->bots[i].name)) &&
                 arena_json_add(o, "b", cJSON_CreateString(s->bots[j].name)) &&
                 arena_json_add_number(o, "games", g, 0) &&
                 arena_json_add(o, "distinct_games", st->pair_known[i * n + j]
                                              ? cJSON_CreateNumber(st->pair_distinct[i * n + j])
                                              : cJSON_CreateNull()) &&
                 arena_json_add(o, "repetitive",
                     cJSON_CreateBool(arena_distinct_is_low(st->pair_known[i * n + j],
                                                            st->pair_distinct[i * n + j]))) &&
                 arena_json_add_number(o, "a_wins", st->pair_wins[i][j], 0) &&
                 arena_json_add_number(o, "b_wins", st->pair_wins[j][i], 0) &&
                 arena_json_add_number(o, "draws",
                                       g - st->pair_wins[i][j] - st->pair_wins[j][i], 0) &&
                 arena_json_add_number(o, "a_points", st->pair_points[i * n + j], 0) &&
                 arena_json_add_number(o, "los_a_stronger", st->ratings.los[i][j], 1e-5) &&
                 arena_json_add_number(o, "los_head_to_head", st->los_h2h[i][j], 1e-5) &&
                 arena_json_add(o, "game_pairs",
                                arena_penta_to_json(penta));
        }
    if (ok && st->have_sprt) {
        int t = arena_sprt_tested_bot(s);
        ok = arena_json_add(root, "sprt", arena_sprt_to_json(&st->sprt, s->bots[t].name,
                                                              s->bots[1 - t].name));
    }
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}
