/*
 * game_cg.c - one self-play game of a bot speaking the CodinGame protocol
 * (game.h): the referee library plays it, both sides the same command, and
 * each ply's label is what its bot reported through the metrics convention
 * (docs/metrics.md). The referee, not a pipe of our own: it is CodinGame's
 * protocol and judging exactly, and it already reads and bounds a bot's
 * stderr metrics per ply (util/metric.h).
 */
#include <math.h>
#include <string.h>

#include "datagen/error.h"
#include "game.h"
#include "label.h"
#include "ref/referee.h"
#include "util/text.h"

/* The number value of a turn metric of p named name, into *v; 0 if none. */
static int metric(const ref_ply *p, const char *name, double *v)
{
    for (int i = 0; i < p->n_metrics; i++) {
        const ref_metric *m = &p->metrics[i];
        if (m->scope == UTIL_METRIC_TURN && strcmp(m->name, name) == 0 &&
            (m->value.type == UTIL_METRIC_INT || m->value.type == UTIL_METRIC_REAL)) {
            *v = m->value.d;
            return 1;
        }
    }
    return 0;
}

/* Why the referee's game cannot give records, as err: 0 when it ended by
 * the rules (a connection, the ply limit). */
static int game_failed(const ref_game *g, const char *bot, uint32_t game, char *err, size_t errsz)
{
    const ref_result *res = ref_game_result(g);
    switch (res->reason) {
    case REF_REASON_CONNECTED:
    case REF_REASON_OPPONENT_CONNECTED:
    case REF_REASON_PLY_LIMIT: return 0;
    case REF_REASON_ABORTED: return util_fail(DATAGEN_E_STOPPED, err, errsz, "stopped");
    default: break;
    }
    const char *side = res->fault == 0 ? " (black)" : res->fault == 1 ? " (white)" : "";
    return util_fail(DATAGEN_E_BOT, err, errsz, "bot '%s'%s, game %u at ply %d: %s: %s", bot, side,
                     game, res->plies, ref_reason_name(res->reason), res->detail);
}

/* A score metric as a reply's evaluation: points, or with win_score a
 * proven result's plies (datagen_settings.win_score). */
static void score_of(double score, int win_score, analysis_reply *r)
{
    double a = fabs(score);
    if (win_score > 0 && a > win_score - DATAGEN_WIN_SCORE_RANGE) {
        r->eval = score > 0 ? REPLAY_EVAL_WIN : REPLAY_EVAL_LOSS;
        r->score = a >= win_score ? 1 : (int)lround(win_score - a); /* datagen_score_of caps */
        return;
    }
    const double top = DATAGEN_SCORE_PROVEN; /* datagen_score_of clamps the rest */
    r->eval = REPLAY_EVAL_CP;
    r->score = (int)lround(score > top ? top : score < -top ? -top : score);
}

/* Ply i of g (played from b) as a record appended to out. */
static int ply_record(const ref_game *g, int i, const loa_board *b, const char *bot, int win_score,
                      uint32_t game, datagen_records *out, char *err, size_t errsz)
{
    const ref_ply *p = ref_game_ply(g, i);
    double score, depth = 0, nodes = 0;
    if (!metric(p, "score", &score))
        return util_fail(DATAGEN_E_BOT, err, errsz,
                         "bot '%s', game %u at ply %d: no score metric (its stderr must say "
                         "'[PDATA][turn] score = S' with each answer: docs/metrics.md)",
                         bot, game, b->ply);
    metric(p, "depth", &depth);
    if (metric(p, "nodes", &nodes) && nodes > 0 && nodes < 1e15)
        out->nodes += (int64_t)nodes;
    analysis_reply r = {.best = p->move};
    score_of(score, win_score, &r);
    r.depth = depth > 255 ? 255 : depth < 0 ? 0 : (int)depth;
    datagen_record rec = datagen_record_of(b, &r, game);
    return datagen_records_push(out, &rec) ? util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory")
                                           : 0;
}

int datagen_game_play_codingame(const char *bot, int turn_ms, int win_score, int stop_fd,
                                uint32_t game, const loa_move *opening, int nopen,
                                datagen_records *out, char *err, size_t errsz)
{
    out->n = 0;
    out->nodes = 0;
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = c.players[1].command = bot;
    c.seed = game;
    c.limits.first_turn_ms = c.limits.turn_ms = turn_ms;
    c.stop_fd = stop_fd;
    c.opening = opening;
    c.opening_plies = nopen;
    ref_game *g = NULL;
    int rc = ref_game_run(&c, &g);
    if (rc) {
        ref_game_free(g);
        return util_fail(rc == REF_E_NOMEM     ? DATAGEN_E_NOMEM
                         : rc == REF_E_OPENING ? DATAGEN_E_OPENING
                                               : DATAGEN_E_BOT,
                         err, errsz, "game %u: %s", game, ref_strerror(rc));
    }
    rc = game_failed(g, bot, game, err, errsz);
    loa_board b;
    loa_board_init(&b);
    for (int i = 0; i < nopen; i++)
        loa_make_move(&b, opening[i], NULL);
    for (int i = 0; !rc && i < ref_game_ply_count(g); i++) {
        rc = ply_record(g, i, &b, bot, win_score, game, out, err, errsz);
        loa_make_move(&b, ref_game_ply(g, i)->move, NULL);
    }
    loa_status st = loa_board_status(&b, LOA_MAX_PLIES);
    if (!rc && st == LOA_ONGOING)
        rc = util_fail(DATAGEN_E_BOT, err, errsz, "bot '%s', game %u: the game did not end", bot,
                       game);
    ref_game_free(g);
    if (!rc)
        datagen_records_label(out, st, b.ply);
    return rc;
}
