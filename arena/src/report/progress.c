/* progress.c - live line / per-game lines (report/progress.h). */
#include "report/progress.h"

#include <stdlib.h>
#include <string.h>

#include "loa/timer.h"

struct arena_progress {
    FILE *out, *err;
    int mode;
    const arena_settings *s;
    int total, done, played, errors;
    double points[ARENA_MAX_BOTS];
    int games[ARENA_MAX_BOTS];
    int64_t start_us, last_draw_us;
    int line_shown;
    char status[160]; /* arena_progress_set_status: replaces total, ETA, leader */
};

arena_progress *arena_progress_create(FILE *out, FILE *err, int mode, const arena_settings *s,
                                      int total, int done)
{
    arena_progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->out = out;
    p->err = err;
    p->mode = mode;
    p->s = s;
    p->total = total;
    p->done = done;
    p->start_us = loa_wall_us();
    return p;
}

void arena_progress_set_league(arena_progress *p, const arena_settings *s, int total, int done)
{
    p->s = s;
    p->total = total;
    p->done = done; /* stored: this run's games among them */
    p->errors = 0;
    memset(p->points, 0, sizeof p->points);
    memset(p->games, 0, sizeof p->games);
}

void arena_progress_set_total(arena_progress *p, int total)
{
    p->total = total;
}

void arena_progress_count_tally(arena_progress *p, int black, int white, int winner, int faulted,
                                int count)
{
    int side[2] = {black, white};
    for (int c = 0; c < 2; c++) {
        p->games[side[c]] += count;
        p->points[side[c]] += count * (winner == c ? 1.0 : winner < 0 ? 0.5 : 0.0);
    }
    if (faulted)
        p->errors += count;
}

static void clear_line(arena_progress *p)
{
    if (p->line_shown) {
        fputs("\r\033[K", p->out);
        fflush(p->out);
        p->line_shown = 0;
    }
}

static void fmt_duration(char *buf, size_t n, double s)
{
    if (s < 0 || s > 99 * 3600.0) {
        snprintf(buf, n, "--:--");
        return;
    }
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, n, "%ld:%02ld", t / 60, t % 60);
}

static void draw(arena_progress *p)
{
    double el = (double)(loa_wall_us() - p->start_us) / 1e6;
    double rate = el > 0 ? p->played / el : 0;
    char eta[32];
    fmt_duration(eta, sizeof eta, rate > 0 ? (p->total - p->done) / rate : -1);
    int lead = -1;
    double best = -1;
    for (int i = 0; i < p->s->bot_count; i++)
        if (p->games[i] && p->points[i] / p->games[i] > best) {
            best = p->points[i] / p->games[i];
            lead = i;
        }
    char leader[96];
    if (lead >= 0)
        snprintf(leader, sizeof leader, "%.40s %.1f%%", p->s->bots[lead].name, 100 * best);
    else
        snprintf(leader, sizeof leader, "-");
    if (p->status[0] || p->s->continuous)
        fprintf(p->out, "\r\033[K%d games  %.1f games/s  %s  errors %d", p->done, rate,
                p->status[0] ? p->status : leader, p->errors);
    else
        fprintf(p->out, "\r\033[K%d/%d games (%.0f%%)  %.1f games/s  ETA %s  leader %s  errors %d",
                p->done, p->total, p->total ? 100.0 * p->done / p->total : 100.0, rate, eta, leader,
                p->errors);
    fflush(p->out);
    p->line_shown = 1;
    p->last_draw_us = loa_wall_us();
}

void arena_progress_game(arena_progress *p, const arena_game_record *r)
{
    arena_progress_count_tally(p, r->black, r->white, r->winner, r->fault >= 0, 1);
    p->done++;
    p->played++;
    if (p->mode == ARENA_PROGRESS_LIVE) {
        arena_progress_tick(p);
    } else if (p->mode == ARENA_PROGRESS_LINES) {
        const char *result = r->winner == 0 ? "1-0" : r->winner == 1 ? "0-1" : "1/2-1/2";
        char fault[96] = "";
        if (r->fault >= 0)
            snprintf(fault, sizeof fault, " by %.40s",
                     p->s->bots[r->fault == 0 ? r->black : r->white].name);
        char of[24] = ""; /* a continuous league has no total */
        if (!p->s->continuous)
            snprintf(of, sizeof of, "/%d", p->total);
        fprintf(p->out, "game %d%s #%06d %s - %s %s %s%s, %d pl%s, %.2f s\n", p->done, of, r->id,
                p->s->bots[r->black].name, p->s->bots[r->white].name, result,
                ref_reason_name(r->reason), fault, r->plies, r->plies == 1 ? "y" : "ies",
                r->duration_ms / 1000.0);
        fflush(p->out);
    }
}

void arena_progress_tick(arena_progress *p)
{
    if (p->mode != ARENA_PROGRESS_LIVE)
        return;
    if (p->line_shown && loa_wall_us() - p->last_draw_us < 250000)
        return;
    draw(p);
}

void arena_progress_warn(arena_progress *p, const char *msg)
{
    clear_line(p);
    fprintf(p->err, "loa-arena: warning: %s\n", msg);
    fflush(p->err);
}

void arena_progress_note(arena_progress *p, const char *msg)
{
    clear_line(p);
    fprintf(p->err, "loa-arena: %s\n", msg);
    fflush(p->err);
}

void arena_progress_set_status(arena_progress *p, const char *text)
{
    snprintf(p->status, sizeof p->status, "%s", text ? text : "");
}

void arena_progress_print(arena_progress *p, const char *text)
{
    if (p->mode == ARENA_PROGRESS_QUIET)
        return;
    clear_line(p);
    fputs(text, p->out);
    fflush(p->out);
}

void arena_progress_end(arena_progress *p)
{
    if (p->mode == ARENA_PROGRESS_LIVE && p->played > 0) {
        draw(p);
        fputc('\n', p->out);
        p->line_shown = 0;
    }
    clear_line(p);
}

int arena_progress_played(const arena_progress *p)
{
    return p->played;
}

double arena_progress_elapsed_s(const arena_progress *p)
{
    return (double)(loa_wall_us() - p->start_us) / 1e6;
}

void arena_progress_free(arena_progress *p)
{
    free(p);
}
