/*
 * analysis_file_write.c - the analysis file, "loa-analysis" version 1
 * (replay/analysis.h, docs/analysis.md), written with cJSON: the game's
 * identity, every position and judgement, each side's summary, formatted
 * and written atomically. Its reader is analysis_file_read.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "loa/notation.h"
#include "replay/analysis.h"
#include "util/file.h"
#include "util/text.h"

#include "analysis_file_impl.h"

/* Longest line text written (a move and a space each). */
#define PV_TEXT_MAX (REPLAY_ANALYSIS_PV_MAX * 5 + 1)

static void add(cJSON *o, const char *k, cJSON *v, int *ok)
{
    if (!v || !cJSON_AddItemToObject(o, k, v)) {
        cJSON_Delete(v);
        *ok = 0;
    }
}

static cJSON *move_or_null(loa_move m)
{
    char buf[LOA_MOVE_STRING_MAX];
    return m == LOA_MOVE_NONE ? cJSON_CreateNull() : cJSON_CreateString(loa_move_format(m, buf));
}

static cJSON *position_json(const replay_position *p, int ply, int side, int *ok)
{
    cJSON *o = cJSON_CreateObject();
    if (!o) {
        *ok = 0;
        return NULL;
    }
    char pv[PV_TEXT_MAX] = "", buf[LOA_MOVE_STRING_MAX];
    for (int i = 0; i < p->pv_len; i++) {
        if (i)
            strcat(pv, " ");
        strcat(pv, loa_move_format(p->pv[i], buf));
    }
    add(o, "ply", cJSON_CreateNumber(ply), ok);
    add(o, "to_move", cJSON_CreateString(side ? "white" : "black"), ok);
    add(o, "eval", cJSON_CreateString(kind_names[p->eval]), ok);
    add(o, "score", cJSON_CreateNumber(p->score), ok);
    add(o, "win", cJSON_CreateNumber(p->win), ok);
    add(o, "best", move_or_null(p->best), ok);
    add(o, "pv", cJSON_CreateString(pv), ok);
    add(o, "depth", cJSON_CreateNumber(p->depth), ok);
    add(o, "nodes", cJSON_CreateNumber((double)p->nodes), ok);
    add(o, "lowerbound", cJSON_CreateBool(p->lower_bound), ok);
    add(o, "connecting", cJSON_CreateNumber(p->connecting), ok);
    add(o, "connect", move_or_null(p->connect), ok);
    return o;
}

static cJSON *judgement_json(const replay_judgement *j, const replay_ply *p, int *ok)
{
    cJSON *o = cJSON_CreateObject();
    if (!o) {
        *ok = 0;
        return NULL;
    }
    const char *mark = replay_mark_name(j->mark);
    add(o, "ply", cJSON_CreateNumber(p->ply), ok);
    add(o, "color", cJSON_CreateString(p->player ? "white" : "black"), ok);
    add(o, "move", cJSON_CreateString(p->move), ok);
    add(o, "judged", cJSON_CreateBool(j->judged), ok);
    add(o, "before", cJSON_CreateNumber(j->before), ok);
    add(o, "after", cJSON_CreateNumber(j->after), ok);
    add(o, "drop", cJSON_CreateNumber(j->drop), ok);
    add(o, "mark", mark ? cJSON_CreateString(mark) : cJSON_CreateNull(), ok);
    return o;
}

static cJSON *side_json(const replay_side_summary *s, const char *name, int side, int *ok)
{
    cJSON *o = cJSON_CreateObject();
    if (!o) {
        *ok = 0;
        return NULL;
    }
    add(o, "color", cJSON_CreateString(side ? "white" : "black"), ok);
    add(o, "name", cJSON_CreateString(name), ok);
    add(o, "lost", cJSON_CreateBool(s->lost), ok);
    int judged = 0;
    for (int m = 0; m < REPLAY_MARK_COUNT; m++)
        judged += s->marks[m];
    add(o, "judged", cJSON_CreateNumber(judged), ok);
    for (int m = REPLAY_MARK_INACCURACY; m < REPLAY_MARK_COUNT; m++)
        add(o, replay_mark_name((replay_mark)m), cJSON_CreateNumber(s->marks[m]), ok);
    add(o, "worst", s->worst ? cJSON_CreateNumber(s->worst) : cJSON_CreateNull(), ok);
    add(o, "worst_drop", cJSON_CreateNumber(s->worst_drop), ok);
    return o;
}

/* v appended to the list l (consumed). */
static void append(cJSON *l, cJSON *v, int *ok)
{
    if (v && !cJSON_AddItemToArray(l, v)) {
        cJSON_Delete(v);
        *ok = 0;
    }
}

/* "game": the game's identity, a reader refuses the analysis of another
 * game. */
static cJSON *game_json(const replay_game *g, int *ok)
{
    const replay_info *in = replay_game_info(g);
    cJSON *game = cJSON_CreateObject();
    if (!game) {
        *ok = 0;
        return NULL;
    }
    size_t len = (size_t)in->plies * 5 + 1;
    char *all = malloc(len);
    if (all) {
        all[0] = '\0';
        for (int n = 1; n <= in->plies; n++) {
            if (n > 1)
                strcat(all, " ");
            strcat(all, replay_game_ply(g, n)->move);
        }
    }
    add(game, "source", cJSON_CreateString(in->source), ok);
    add(game, "black", cJSON_CreateString(in->names[0]), ok);
    add(game, "white", cJSON_CreateString(in->names[1]), ok);
    add(game, "plies", cJSON_CreateNumber(in->plies), ok);
    add(game, "opening_plies", cJSON_CreateNumber(in->opening_plies), ok);
    add(game, "moves", all ? cJSON_CreateString(all) : NULL, ok);
    add(game, "winner", in->winner ? cJSON_CreateString(in->winner) : cJSON_CreateNull(), ok);
    add(game, "reason", cJSON_CreateString(in->reason), ok);
    free(all);
    return game;
}

/* "engine": the analysing engine and its budget a position. */
static cJSON *engine_json(const replay_analysis *a, int *ok)
{
    cJSON *engine = cJSON_CreateObject();
    if (!engine) {
        *ok = 0;
        return NULL;
    }
    add(engine, "command", cJSON_CreateString(a->engine), ok);
    add(engine, "limit", cJSON_CreateString(a->limit), ok);
    add(engine, "value", cJSON_CreateNumber((double)a->limit_value), ok);
    return engine;
}

/* "players", "positions" and "moves" added to root: each side's summary,
 * every position, every ply's judgement. */
static void add_lists(cJSON *root, const replay_analysis *a, const replay_game *g, int *ok)
{
    const replay_info *in = replay_game_info(g);
    cJSON *players = cJSON_CreateArray(), *positions = cJSON_CreateArray();
    cJSON *moves = cJSON_CreateArray();
    for (int s = 0; players && s < 2; s++) {
        replay_side_summary sum = replay_analysis_side(a, g, s);
        append(players, side_json(&sum, in->names[s], s, ok), ok);
    }
    add(root, "players", players, ok);
    /* the side to move of each position: the next ply's mover, or the
     * other side after the last */
    for (int n = 0; positions && n <= a->plies; n++) {
        int side = n < in->plies ? replay_game_ply(g, n + 1)->player
                   : in->plies   ? !replay_game_ply(g, n)->player
                                 : 0;
        append(positions, position_json(&a->positions[n], n, side, ok), ok);
    }
    add(root, "positions", positions, ok);
    for (int n = 1; moves && n <= a->plies; n++)
        append(moves, judgement_json(&a->moves[n - 1], replay_game_ply(g, n), ok), ok);
    add(root, "moves", moves, ok);
}

int replay_analysis_to_json(const replay_analysis *a, const replay_game *g, cJSON **out, char *err,
                            size_t errsz)
{
    if (!a || !g || !out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_analysis_to_json: NULL argument");
    *out = NULL;
    const replay_info *in = replay_game_info(g);
    if (a->plies != in->plies)
        return util_fail(REPLAY_E_INVAL, err, errsz, "%s: an analysis of %d plies for a game of %d",
                         in->source, a->plies, in->plies);
    int ok = 1;
    cJSON *root = cJSON_CreateObject(), *th = root ? cJSON_CreateObject() : NULL;
    if (!root || !th) {
        cJSON_Delete(root);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    }
    add(root, "format", cJSON_CreateString(REPLAY_ANALYSIS_FORMAT), &ok);
    add(root, "version", cJSON_CreateNumber(REPLAY_ANALYSIS_VERSION), &ok);
    add(root, "game", game_json(g, &ok), &ok);
    add(root, "engine", engine_json(a, &ok), &ok);
    add(root, "scale", cJSON_CreateNumber(a->scale), &ok);
    for (int m = REPLAY_MARK_INACCURACY; m <= REPLAY_MARK_BLUNDER; m++)
        add(th, replay_mark_name((replay_mark)m), cJSON_CreateNumber(a->thresholds[m]), &ok);
    add(root, "thresholds", th, &ok);
    add_lists(root, a, g, &ok);
    if (!ok) {
        cJSON_Delete(root);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing the analysis of %s",
                         in->source);
    }
    *out = root;
    return 0;
}

int replay_analysis_write(const replay_analysis *a, const replay_game *g, const char *path,
                          char *err, size_t errsz)
{
    if (!path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_analysis_write: NULL path");
    cJSON *root;
    int rc = replay_analysis_to_json(a, g, &root, err, errsz);
    if (rc)
        return rc;
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing %s", path);
    size_t len = strlen(text);
    char *file = realloc(text, len + 2);
    if (!file) {
        cJSON_free(text);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing %s", path);
    }
    file[len] = '\n';
    file[len + 1] = '\0';
    rc = 0;
    if (util_write_file_atomic(path, file, len + 1) != 0)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
    free(file);
    return rc;
}
