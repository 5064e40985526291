/* load.c - load average and close calls (run/load.h). */
#include "run/load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"

void arena_load_watch_init(arena_load_watch *w, const arena_settings *s, arena_warn_fn warn,
                           void *warn_user, int cores, int concurrency)
{
    memset(w, 0, sizeof *w);
    w->s = s;
    w->warn = warn;
    w->warn_user = warn_user;
    w->concurrency = concurrency;
    w->load = -1;
    arena_pressure_init(&w->pressure, NULL, NULL, cores);
    w->cores = w->pressure.cores; /* read from the mask when not given */
    arena_load_sample(w);
}

static int oversubscribed(const arena_load_watch *w)
{
    return w->concurrency > w->cores || (w->load >= 0 && w->load > w->cores + 0.5);
}

void arena_load_sample(arena_load_watch *w)
{
    int64_t now = loa_now_us();
    arena_pressure_sample(&w->pressure, now);
    if (w->sampled_us && now - w->sampled_us < 5000000)
        return;
    double l[1];
    w->load = getloadavg(l, 1) == 1 ? l[0] : -1;
    w->sampled_us = now;
}

void arena_load_mark(arena_load_watch *w, arena_game_record *r)
{
    r->under_load = -1;
    /* a timeout the wall clock decided: wall mode's, or CPU mode's cap
     * reached with CPU to spare (a bot descheduled on a busy machine) */
    int by_wall = w->s->time_mode == REF_TIME_WALL || r->capped;
    if (!by_wall || r->reason != REF_REASON_TIMEOUT)
        return;
    double v;
    int loaded = arena_pressure_loaded(&w->pressure, loa_now_us(), ARENA_LOAD_WINDOW_US, &v);
    if (loaded < 0)
        return;
    r->under_load = loaded;
    r->pressure = v;
    r->pressure_source = w->pressure.source;
}

/* Warns once per bot when its turns come close to the limit (>= 80%) on an
 * oversubscribed machine: such time losses are the load's, not the bot's. */
void arena_load_check_game(arena_load_watch *w, const arena_game_record *r)
{
    arena_load_sample(w);
    if (!oversubscribed(w))
        return;
    int side[2] = {r->black, r->white};
    for (int c = 0; c < 2; c++) {
        const arena_side_time *t = &r->time[c];
        int timed_out = r->fault == c && r->reason == REF_REASON_TIMEOUT;
        /* CPU time judges in cpu mode: the load can only make a turn pass
         * the wall-clock cap (r->capped), and wall times near the limit say
         * nothing */
        int close = w->s->time_mode == REF_TIME_CPU
                        ? timed_out && r->capped
                        : t->max_ms >= 0.8 * w->s->limits.turn_ms ||
                              t->first_ms >= 0.8 * w->s->limits.first_turn_ms || timed_out;
        if (!close)
            continue;
        w->close_calls++;
        if (w->warned[side[c]])
            continue;
        w->warned[side[c]] = 1;
        char msg[512], load[32] = "";
        if (w->load >= 0)
            snprintf(load, sizeof load, ", load %.1f", w->load);
        /* the turn that triggered: the first (own limit) or a later one */
        int first = t->turns == 0 || (t->first_ms >= 0.8 * w->s->limits.first_turn_ms &&
                                      t->max_ms < 0.8 * w->s->limits.turn_ms);
        snprintf(msg, sizeof msg,
                 "%s %s (%.0f ms of its %d ms %slimit) while the machine is "
                 "oversubscribed (%d games at once on %d core%s%s): time losses may come from "
                 "the load, not the bot; lower --concurrency",
                 w->s->bots[side[c]].name, timed_out ? "timed out" : "came close to the limit",
                 first ? t->first_ms : t->max_ms,
                 first ? w->s->limits.first_turn_ms : w->s->limits.turn_ms,
                 first ? "first-turn " : "turn ", w->concurrency, w->cores,
                 w->cores == 1 ? "" : "s", load);
        w->warn(msg, w->warn_user);
    }
}
