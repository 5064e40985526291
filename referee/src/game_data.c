/*
 * game_data.c - a played game as a value: its players, plies (with their
 * owned strings), result and the public accessors of referee.h. Filled by
 * game.c, read by the record writers.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game_impl.h"
#include "util/check.h"

char *ref_escape(const char *s, size_t n, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;
    if (size == 0)
        return buf;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        size_t need = (ch >= 0x20 && ch < 0x7f && ch != '\\') ? 1 : (ch == '\\' ? 2 : 4);
        if (o + need + 4 > size) { /* room for "..." and the NUL */
            if (o + 4 <= size) {
                memcpy(buf + o, "...", 3);
                o += 3;
            }
            break;
        }
        if (need == 1) {
            buf[o++] = (char)ch;
        } else if (need == 2) {
            buf[o++] = '\\';
            buf[o++] = '\\';
        } else {
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[ch >> 4];
            buf[o++] = hex[ch & 15];
        }
    }
    buf[o] = '\0';
    return buf;
}

/* Copies bytes into a C string; NUL bytes (which a C string cannot hold)
 * become '?'. NULL on out of memory. */
static char *dup_bytes(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        return NULL;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i] ? s[i] : '?';
    d[n] = '\0';
    return d;
}

/* The empty comment and stderr tail of most plies: shared, never freed,
 * so that a ply costs one allocation (its output), not three (issue 16). */
static const char no_text[] = "";

/* The symbol for NUL (U+2400) in UTF-8: a NUL byte of a bot's stderr, shown
 * rather than ending the text (a C string, a JSON string read by C). */
static const char nul_symbol[] = "\xe2\x90\x80";

/* s[0..n) as a C string with each NUL byte as nul_symbol, or no_text when
 * n is 0 (released by release_text). NULL on out of memory. */
static const char *stderr_copy(const char *s, size_t n)
{
    if (n == 0)
        return no_text;
    size_t nuls = 0;
    for (size_t i = 0; i < n; i++)
        nuls += s[i] == '\0';
    char *d = malloc(n + nuls * (sizeof nul_symbol - 2) + 1), *o = d;
    if (!d)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (s[i]) {
            *o++ = s[i];
        } else {
            memcpy(o, nul_symbol, sizeof nul_symbol - 1);
            o += sizeof nul_symbol - 1;
        }
    }
    *o = '\0';
    return d;
}

static void release_text(const char *s)
{
    if (s != no_text)
        free((char *)s);
}

static char *dup_str(const char *s)
{
    return s ? dup_bytes(s, strlen(s)) : NULL;
}

void ref_game_check(const ref_game *g)
{
    const ref_result *r = &g->result;
    LOA_ASSERT(r->reason > REF_REASON_NONE && r->reason < REF_REASON_COUNT);
    LOA_ASSERT(r->plies >= 0);
    if (ref_reason_is_fault(r->reason)) {
        LOA_ASSERT((r->fault == 0 || r->fault == 1) && r->winner == 1 - r->fault);
        LOA_ASSERT(r->scores[r->fault] == -1 && r->scores[r->winner] == 0);
    } else if (r->reason == REF_REASON_CONNECTED || r->reason == REF_REASON_OPPONENT_CONNECTED) {
        LOA_ASSERT((r->winner == 0 || r->winner == 1) && r->fault == -1);
        LOA_ASSERT(r->scores[r->winner] == 1 && r->scores[1 - r->winner] == 0);
    } else { /* a draw, a referee error, an abort: nobody wins */
        LOA_ASSERT(r->winner == -1 && r->fault == -1);
        LOA_ASSERT(r->scores[0] == 0 && r->scores[1] == 0);
    }
}

ref_game *ref_game_new(const ref_config *cfg)
{
    ref_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    for (int i = 0; i < 2; i++) {
        const char *nm = cfg->players[i].name ? cfg->players[i].name : cfg->players[i].command;
        g->name[i] = dup_str(nm);
        g->command[i] = dup_str(cfg->players[i].command);
        g->sandbox[i] = cfg->players[i].sandbox;
        if (!g->name[i] || !g->command[i]) {
            ref_game_free(g);
            return NULL;
        }
    }
    if (cfg->opening_plies > 0) {
        g->opening = malloc(sizeof *g->opening * (size_t)cfg->opening_plies);
        if (!g->opening) {
            ref_game_free(g);
            return NULL;
        }
        memcpy(g->opening, cfg->opening, sizeof *g->opening * (size_t)cfg->opening_plies);
        g->opening_plies = cfg->opening_plies;
    }
    g->seed = cfg->seed;
    g->start_time = (int64_t)time(NULL);
    g->limits = cfg->limits;
    g->time_mode = cfg->time_mode;
    g->cpu_method = REF_CPU_AUTO; /* set by ref_game_run in CPU mode */
    g->result.winner = -1;
    g->result.fault = -1;
    g->result.exit_status = -1;
    return g;
}

ref_ply *ref_game_add_ply(ref_game *g, int player, const char *out, size_t out_len, const char *err,
                          size_t err_len)
{
    if (g->nplies == g->cap) {
        int ncap = g->cap ? g->cap * 2 : 64;
        ref_ply *np = realloc(g->plies, (size_t)ncap * sizeof *np);
        if (!np)
            return NULL;
        g->plies = np;
        g->cap = ncap;
    }
    ref_ply *p = &g->plies[g->nplies];
    memset(p, 0, sizeof *p);
    p->player = player;
    p->move = LOA_MOVE_NONE;
    p->cpu_us = -1;
    p->output = out ? dup_bytes(out, out_len) : NULL;
    p->comment = no_text;
    p->stderr_tail = stderr_copy(err, err ? err_len : 0);
    if ((out && !p->output) || !p->stderr_tail) {
        free((char *)p->output);
        return NULL;
    }
    g->nplies++;
    return p;
}

int ref_ply_set_comment(ref_ply *p, const char *c, size_t n)
{
    char *d = dup_bytes(c, n);
    if (!d)
        return -1;
    release_text(p->comment);
    p->comment = d;
    return 0;
}

int ref_ply_set_metrics(ref_ply *p, const ref_metric_scan *s)
{
    p->metrics_dropped = s->dropped;
    if (s->n == 0)
        return 0;
    size_t bytes = sizeof(ref_metric) * (size_t)s->n;
    for (int k = 0; k < s->n; k++)
        bytes += strlen(s->item[k].name) + 1 +
                 (s->item[k].v.type == UTIL_METRIC_TEXT ? strlen(s->item[k].text) + 1 : 0);
    ref_metric *m = malloc(bytes);
    if (!m)
        return -1;
    char *o = (char *)(m + s->n);
    for (int k = 0; k < s->n; k++) {
        const ref_metric_item *it = &s->item[k];
        size_t nl = strlen(it->name) + 1;
        m[k].scope = it->scope;
        m[k].name = memcpy(o, it->name, nl);
        o += nl;
        m[k].value = it->v;
        if (it->v.type == UTIL_METRIC_TEXT) {
            size_t tl = strlen(it->text) + 1;
            m[k].value.text = memcpy(o, it->text, tl);
            o += tl;
        }
    }
    free((void *)p->metrics);
    p->metrics = m;
    p->n_metrics = s->n;
    return 0;
}

void ref_game_free(ref_game *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nplies; i++) {
        free((char *)g->plies[i].output);
        release_text(g->plies[i].comment);
        release_text(g->plies[i].stderr_tail);
        free((void *)g->plies[i].metrics);
    }
    free(g->plies);
    free(g->opening);
    for (int i = 0; i < 2; i++) {
        free(g->name[i]);
        free(g->command[i]);
    }
    free(g);
}

const ref_result *ref_game_result(const ref_game *g)
{
    return &g->result;
}
int ref_game_ply_count(const ref_game *g)
{
    return g->nplies;
}
const ref_ply *ref_game_ply(const ref_game *g, int i)
{
    return i >= 0 && i < g->nplies ? &g->plies[i] : NULL;
}
int64_t ref_game_seed(const ref_game *g)
{
    return g->seed;
}
int64_t ref_game_start_time(const ref_game *g)
{
    return g->start_time;
}
int64_t ref_game_duration_us(const ref_game *g)
{
    return g->duration_us;
}
ref_time_mode ref_game_time_mode(const ref_game *g)
{
    return g->time_mode;
}

ref_cpu_method ref_game_cpu_method(const ref_game *g)
{
    return g->cpu_method;
}

int ref_game_opening(const ref_game *g, const loa_move **moves)
{
    if (moves)
        *moves = g->opening;
    return g->opening_plies;
}
const char *ref_game_player_name(const ref_game *g, int player)
{
    return player == 0 || player == 1 ? g->name[player] : NULL;
}
const char *ref_game_player_command(const ref_game *g, int player)
{
    return player == 0 || player == 1 ? g->command[player] : NULL;
}
