/* record.c - a finished game from the schedule and the referee's ref_game
 * (league/record.h). */
#include "league/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digest.h"

void arena_record_from_spec(arena_game_record *r, const arena_game_spec *g)
{
    memset(r, 0, sizeof *r);
    r->id = g->id;
    r->round = g->round;
    r->pairing = g->pairing;
    r->black = g->black;
    r->white = g->white;
    r->seed = g->seed;
    r->opening = g->opening;
    r->winner = -1;
    r->fault = -1;
    r->reason = REF_REASON_NONE;
    for (int c = 0; c < 2; c++) {
        r->time[c].first_ms = -1;
        r->time[c].cpu_total_ms = r->time[c].cpu_max_ms = -1;
    }
    r->under_load = -1;
}

/* The moves_hash of a played game: its opening's plies, then the bots'. */
static uint64_t game_hash(const ref_game *g)
{
    const loa_move *open = NULL;
    int k = ref_game_opening(g, &open);
    if (k < 0 || !open)
        k = 0;
    int n = ref_game_ply_count(g);
    loa_move *m = malloc(sizeof *m * (size_t)(k + n > 0 ? k + n : 1));
    if (!m)
        return 0;
    if (k)
        memcpy(m, open, sizeof *m * (size_t)k);
    for (int i = 0; i < n; i++) {
        const ref_ply *p = ref_game_ply(g, i);
        m[k + i] = p ? p->move : LOA_MOVE_NONE;
    }
    uint64_t h = arena_moves_hash(m, k + n);
    free(m);
    return h;
}

void arena_record_set_result(arena_game_record *r, const ref_game *g)
{
    const ref_result *res = ref_game_result(g);
    r->winner = res->winner;
    r->scores[0] = res->scores[0];
    r->scores[1] = res->scores[1];
    r->fault = res->fault;
    r->plies = res->plies;
    r->reason = res->reason;
    r->capped = res->capped;
    snprintf(r->detail, sizeof r->detail, "%s", res->detail);
    r->start_time = ref_game_start_time(g);
    r->duration_ms = (double)ref_game_duration_us(g) / 1000.0;
    r->moves_hash = game_hash(g);
    int n = ref_game_ply_count(g);
    for (int i = 0; i < n; i++) {
        const ref_ply *p = ref_game_ply(g, i);
        if (!p || p->player < 0 || p->player > 1)
            continue;
        arena_side_time *t = &r->time[p->player];
        double ms = (double)p->time_us / 1000.0;
        t->late += p->late != 0;
        if (t->first_ms < 0) {
            t->first_ms = ms;
        } else {
            t->turns++;
            t->total_ms += ms;
            if (ms > t->max_ms)
                t->max_ms = ms;
            if (p->cpu_us >= 0) {
                double cpu = (double)p->cpu_us / 1000.0;
                t->cpu_total_ms = (t->cpu_total_ms < 0 ? 0 : t->cpu_total_ms) + cpu;
                if (cpu > t->cpu_max_ms)
                    t->cpu_max_ms = cpu;
            }
        }
    }
}
