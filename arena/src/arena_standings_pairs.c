/* arena_standings_pairs.c - the standings' game-pairs section
 * (arena_standings.h): each pairing's colour-swapped pairs as pentanomial
 * counts and the Elo they give. Pair statistics are the right ones for
 * paired games: the two games of a pair share an opening, so their
 * results are correlated and game-level variance misstates the interval. */
#include "arena_standings.h"

#include "arena_error.h"
#include "arena_schedule.h"

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
