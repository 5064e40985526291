/*
 * import_report.c - an imported league's contestant (app/import.h): its
 * results against each opponent and with each colour, as `--standings`
 * and `loa-arena import` print them after the standings (cgstats' win
 * rate by opponent, mrsombre's split by side), and the dashboard's triage;
 * how a league is told imported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/import.h"
#include "core/error.h"
#include "core/text.h"
#include "results/standings.h"
#include "store/store.h"
#include "util/text.h"

int arena_import_is_imported(const arena_settings *s)
{
    for (int i = 0; i < s->bot_count; i++)
        if (!s->bots[i].command || strcmp(s->bots[i].command, ARENA_IMPORT_COMMAND) != 0)
            return 0;
    return s->bot_count > 0;
}

/* Won, drawn, lost; and the losses by a fault of the contestant. */
typedef struct wdl {
    int w, d, l, timeout, invalid, crash;
} wdl;

typedef struct tally {
    int me;
    wdl colour[2];             /* the contestant black, white */
    wdl vs[ARENA_MAX_BOTS][2]; /* against bot o, the contestant black, white */
} tally;

static void count(wdl *x, const arena_game_record *r, int side)
{
    if (r->winner == side)
        x->w++;
    else if (r->winner < 0)
        x->d++;
    else
        x->l++;
    if (r->fault != side)
        return;
    switch (arena_reason_kind(r->reason)) {
    case ARENA_FAULT_TIMEOUT: x->timeout++; break;
    case ARENA_FAULT_INVALID: x->invalid++; break;
    case ARENA_FAULT_CRASH: x->crash++; break;
    default: break;
    }
}

static int add_game(const arena_game_record *r, void *user)
{
    tally *t = user;
    int side = r->black == t->me ? 0 : r->white == t->me ? 1 : -1;
    if (side < 0)
        return 0;
    int opp = side == 0 ? r->white : r->black;
    if (opp < 0 || opp >= ARENA_MAX_BOTS)
        return ARENA_E_INVAL;
    count(&t->colour[side], r, side);
    count(&t->vs[opp][side], r, side);
    return 0;
}

static wdl sum(wdl a, wdl b)
{
    return (
        wdl){a.w + b.w,        a.d + b.d, a.l + b.l, a.timeout + b.timeout, a.invalid + b.invalid,
             a.crash + b.crash};
}

/* "  12  5  2  5  47.4%   2  1  0" */
static void row(FILE *out, wdl x)
{
    int n = x.w + x.d + x.l;
    fprintf(out, " %5d %4d %4d %4d ", n, x.w, x.d, x.l);
    if (n)
        fprintf(out, "%5.1f%%", 100.0 * (x.w + 0.5 * x.d) / n);
    else
        fprintf(out, "%6s", "-");
    fprintf(out, " %4d %4d %5d", x.timeout, x.invalid, x.crash);
}

int arena_import_contestant(const arena_settings *s, const arena_store *st, FILE *out, char *err,
                            size_t errsz)
{
    tally *t = calloc(1, sizeof *t);
    if (!t)
        return ARENA_E_NOMEM;
    t->me = arena_settings_gauntlet_index(s);
    int rc = arena_store_foreach(st, add_game, t, err, errsz);
    if (rc == 0) {
        const char *me = s->bots[t->me].name;
        int w = 10;
        for (int o = 0; o < s->bot_count; o++)
            if (o != t->me && arena_display_width(s->bots[o].name) > w)
                w = arena_display_width(s->bots[o].name);
        fprintf(out,
                "\nThe contestant, %s, by colour and by opponent (T/O Inv Crash: its losses "
                "by a timeout, an invalid answer, a crash):\n",
                me);
        fprintf(out, "  %-*s %5s %4s %4s %4s %6s %4s %4s %5s\n", w, "", "Games", "W", "D", "L",
                "Score", "T/O", "Inv", "Crash");
        static const char *const colour[2] = {"as black", "as white"};
        for (int c = 0; c < 2; c++) {
            fprintf(out, "  ");
            arena_pad_name(out, colour[c], w);
            row(out, t->colour[c]);
            fputc('\n', out);
        }
        for (int o = 0; o < s->bot_count; o++) {
            wdl x = sum(t->vs[o][0], t->vs[o][1]);
            if (o == t->me || x.w + x.d + x.l == 0)
                continue;
            fprintf(out, "  ");
            arena_pad_name(out, s->bots[o].name, w);
            row(out, x);
            fprintf(out, "   black %d-%d-%d, white %d-%d-%d\n", t->vs[o][0].w, t->vs[o][0].d,
                    t->vs[o][0].l, t->vs[o][1].w, t->vs[o][1].d, t->vs[o][1].l);
        }
    }
    free(t);
    return rc;
}

/* One loss of the contestant, for the triage. */
typedef struct loss {
    int id, opp, colour, kind, plies;
    ref_reason reason;
} loss;

typedef struct losses {
    int me, n, cap;
    loss *v;
} losses;

static int add_loss(const arena_game_record *r, void *user)
{
    losses *x = user;
    int side = r->black == x->me ? 0 : r->white == x->me ? 1 : -1;
    if (side < 0 || r->winner != 1 - side)
        return 0;
    if (x->n == x->cap) {
        int cap = x->cap ? x->cap * 2 : 64;
        loss *v = realloc(x->v, sizeof *v * (size_t)cap);
        if (!v)
            return ARENA_E_NOMEM;
        x->v = v, x->cap = cap;
    }
    int kind = r->fault == side ? arena_reason_kind(r->reason) : ARENA_FAULT_OTHER;
    x->v[x->n++] = (loss){r->id, side == 0 ? r->white : r->black, side, kind, r->plies, r->reason};
    return 0;
}

/* The triage's order: a timeout, an invalid answer, a crash first (in that
 * order: cgsubmit's "number 1 priority"), then the losses by their plies
 * to the end, the shortest first, then by id. */
static int rank_of(int kind)
{
    switch (kind) {
    case ARENA_FAULT_TIMEOUT: return 0;
    case ARENA_FAULT_INVALID: return 1;
    case ARENA_FAULT_CRASH: return 2;
    default: return 3;
    }
}

static int by_triage(const void *a, const void *b)
{
    const loss *x = a, *y = b;
    int rx = rank_of(x->kind), ry = rank_of(y->kind);
    if (rx != ry)
        return rx - ry;
    if (x->plies != y->plies)
        return x->plies - y->plies;
    return (x->id > y->id) - (x->id < y->id);
}

static const char *kind_name(int kind)
{
    switch (kind) {
    case ARENA_FAULT_TIMEOUT: return "timeout";
    case ARENA_FAULT_INVALID: return "invalid";
    case ARENA_FAULT_CRASH: return "crash";
    default: return "";
    }
}

static cJSON *loss_json(const arena_settings *s, const loss *l)
{
    cJSON *o = cJSON_CreateObject();
    if (o && cJSON_AddNumberToObject(o, "id", l->id) &&
        cJSON_AddStringToObject(o, "opponent", s->bots[l->opp].name) &&
        cJSON_AddStringToObject(o, "colour", l->colour ? "white" : "black") &&
        cJSON_AddStringToObject(o, "reason", ref_reason_name(l->reason)) &&
        cJSON_AddStringToObject(o, "fault", kind_name(l->kind)) &&
        cJSON_AddNumberToObject(o, "plies", l->plies))
        return o;
    cJSON_Delete(o);
    return NULL;
}

int arena_import_triage(const arena_settings *s, const arena_store *st, cJSON **out, char *err,
                        size_t errsz)
{
    *out = NULL;
    losses x = {arena_settings_gauntlet_index(s), 0, 0, NULL};
    int rc = arena_store_foreach(st, add_loss, &x, err, errsz);
    if (rc == 0 && x.n > 1)
        qsort(x.v, (size_t)x.n, sizeof *x.v, by_triage);
    cJSON *t = rc == 0 ? cJSON_CreateObject() : NULL, *list = NULL;
    int ok = t && cJSON_AddStringToObject(t, "me", s->bots[x.me].name) &&
             (list = cJSON_AddArrayToObject(t, "losses"));
    for (int i = 0; ok && i < x.n; i++) {
        cJSON *o = loss_json(s, &x.v[i]);
        ok = o && cJSON_AddItemToArray(list, o);
    }
    free(x.v);
    if (rc == 0 && !ok) {
        cJSON_Delete(t);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    *out = t;
    return rc;
}
