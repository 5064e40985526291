/*
 * codingame_import.c - a game CodinGame recorded (the frames of
 * codingame_read.c) replayed with the SDK's rules and written as this
 * project's record. Nothing in the file is trusted: every answer is judged
 * as the online referee judges it (loa_answer_judge, the one parser of
 * answers the referee uses too), `random` is drawn from the game's seed,
 * passes and the end are derived, and the file's frames, scores and
 * summaries must agree with them, or the file is refused with the frame and
 * the reason.
 *
 * The online referee (CodinGame's Lines of Action, restated in
 * docs/rules.md): frame i is ply i, black's when i is odd; a turn without
 * an answer is a timeout, an answer the rules reject an invalid action
 * (score -1, the other bot 0 and the win); after each ply the mover's
 * connection, then the opponent's, wins (1 0); ply 150 without a winner is
 * a draw (0 0). Its summaries: "$k did not output in time!", "$k made an
 * invalid action!", then "$k won" or "Game is drawn".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codingame.h"
#include "loa/answer.h"
#include "loa/board.h"
#include "loa/notation.h"
#include "loa/turn.h"
#include "replay/replay.h"
#include "util/text.h"

static const char *const colour[2] = {"black", "white"};

/* How the replayed game ended. */
typedef enum cg_end {
    END_NONE,
    END_CONNECTED,
    END_OPPONENT_CONNECTED,
    END_PLY_LIMIT,
    END_TIMEOUT,
    END_INVALID
} cg_end;

/* The record's reason name of each invalid verdict (docs/record.md). */
static const char *invalid_reason(loa_answer_verdict v)
{
    switch (v) {
    case LOA_ANSWER_EMPTY: return "invalid_empty";
    case LOA_ANSWER_PASS_WITH_MOVES: return "invalid_pass";
    case LOA_ANSWER_UNKNOWN_MOVE: return "invalid_unknown_move";
    default: return "invalid_not_a_move";
    }
}

/* The replay's state and the record being built. */
typedef struct cg_run {
    const cg_file *f;
    const char *src;
    char *err;
    size_t errsz;
    loa_board board;
    loa_jrandom rng;
    int turns[2];     /* turns each bot played so far */
    int drawn;        /* `random` answers drawn from the seed so far */
    char *pending[2]; /* stderr a bot wrote in frames that were not its turn */
    cJSON *moves, *plies, *errs[2];
    cg_end end;
    int end_frame; /* the frame that ended the game */
    int mover;     /* the side that played it */
    loa_answer_verdict verdict;
    char detail[320];
    int ok; /* 0 once a cJSON allocation failed */
} cg_run;

/* At most 40 bytes of s for a message: control characters as '?', cut on a
 * character boundary (the file is valid UTF-8). */
static const char *quote(const char *s, size_t n, char buf[48])
{
    size_t k = n < 40 ? n : 40;
    while (k > 0 && k < n && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    for (size_t i = 0; i < k; i++)
        buf[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
    memcpy(buf + k, k < n ? "..." : "", k < n ? 4 : 1);
    return buf;
}

static void add(cJSON *o, const char *key, cJSON *item, int *ok)
{
    if (!item || !cJSON_AddItemToObject(o, key, item)) {
        cJSON_Delete(item);
        *ok = 0;
    }
}

static void push(cJSON *arr, cJSON *item, int *ok)
{
    if (!item || !cJSON_AddItemToArray(arr, item)) {
        cJSON_Delete(item);
        *ok = 0;
    }
}

/* A string of n bytes (NULL s: JSON null). */
static cJSON *str_n(const char *s, size_t n)
{
    if (!s)
        return cJSON_CreateNull();
    char *c = malloc(n + 1);
    if (!c)
        return NULL;
    memcpy(c, s, n);
    c[n] = '\0';
    cJSON *j = cJSON_CreateString(c);
    free(c);
    return j;
}

/* a then b as one new string (either may be NULL); NULL on out of memory. */
static char *join(const char *a, const char *b)
{
    size_t la = a ? strlen(a) : 0, lb = b ? strlen(b) : 0;
    char *s = malloc(la + lb + 1);
    if (s) {
        memcpy(s, a ? a : "", la);
        memcpy(s + la, b ? b : "", lb + 1);
    }
    return s;
}

/* Records ply `frame` of player m: its output line (NULL: none), the move
 * applied (LOA_MOVE_NONE: the answer ended the game), comment, stderr. */
static void add_ply(cg_run *r, int frame, int m, const char *line, size_t len, loa_move move,
                    const loa_answer *a, const char *stderr_text, int cut)
{
    char mv[LOA_MOVE_STRING_MAX];
    const char *ms = move == LOA_MOVE_NONE ? NULL : loa_move_format(move, mv);
    cJSON *p = cJSON_CreateObject();
    push(r->plies, p, &r->ok);
    if (!p)
        return;
    if (ms)
        push(r->moves, cJSON_CreateString(ms), &r->ok);
    add(p, "ply", cJSON_CreateNumber(frame), &r->ok);
    add(p, "player", cJSON_CreateNumber(m), &r->ok);
    add(p, "color", cJSON_CreateString(colour[m]), &r->ok);
    add(p, "output", str_n(line, len), &r->ok);
    add(p, "move", ms ? cJSON_CreateString(ms) : cJSON_CreateNull(), &r->ok);
    add(p, "comment", a && a->comment ? str_n(a->comment, a->comment_len) : cJSON_CreateString(""),
        &r->ok);
    add(p, "random", cJSON_CreateBool(a && a->random), &r->ok);
    /* CodinGame's files hold no times: unknown, not zero */
    add(p, "time_us", cJSON_CreateNull(), &r->ok);
    add(p, "cpu_us", cJSON_CreateNull(), &r->ok);
    add(p, "late", cJSON_CreateFalse(), &r->ok);
    add(p, "stderr", cJSON_CreateString(stderr_text ? stderr_text : ""), &r->ok);
    add(p, "stderr_cut", cJSON_CreateBool(cut), &r->ok);
    for (int k = 0; k < 2; k++)
        push(r->errs[k],
             k == m && stderr_text && *stderr_text ? cJSON_CreateString(stderr_text)
                                                   : cJSON_CreateNull(),
             &r->ok);
}

/* The refusal of frame `frame`: "frame N (ply N, <side> to play): what". */
static int fail_frame(cg_run *r, int frame, const char *what)
{
    return util_fail(REPLAY_E_CONTRADICTS, r->err, r->errsz,
                     "%s: frame %d (ply %d, %s to play): %s", r->src, frame, frame,
                     colour[(frame + 1) % 2], what);
}

/* Plays frame i (ply i). Returns 0 (the game may have ended: r->end), or a
 * refusal. */
static int play_frame(cg_run *r, int i)
{
    const cg_frame *fr = &r->f->frames[i];
    int m = (int)r->board.side, o = 1 - m;
    char q[48], what[128];
    if (fr->out[o]) {
        snprintf(what, sizeof what, "%s answered out of turn ('%s')", colour[o],
                 quote(fr->out[o], strlen(fr->out[o]), q));
        return fail_frame(r, i, what);
    }
    /* what the bot wrote while waiting belongs to its next ply */
    if (fr->err[o]) {
        char *p = join(r->pending[o], fr->err[o]);
        if (!p)
            return util_fail(REPLAY_E_NOMEM, r->err, r->errsz, "%s: out of memory", r->src);
        free(r->pending[o]);
        r->pending[o] = p;
    }
    char *tail = join(r->pending[m], fr->err[m]);
    if (!tail)
        return util_fail(REPLAY_E_NOMEM, r->err, r->errsz, "%s: out of memory", r->src);
    free(r->pending[m]);
    r->pending[m] = NULL;
    int cut = fr->err_cut[m];
    int limit = r->turns[m]++ ? LOA_TURN_MS : LOA_FIRST_TURN_MS;
    const char *line = fr->out[m];
    if (!line) { /* no answer: on CodinGame, a timeout (a crash looks the same) */
        r->end = END_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "%s timed out: no answer within %d ms", colour[m],
                 limit);
        add_ply(r, i, m, NULL, 0, LOA_MOVE_NONE, NULL, tail, cut);
        free(tail);
        return 0;
    }
    /* the engine stores the one line it read, with its "\n" */
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    if (nl && nl[1]) {
        free(tail);
        snprintf(what, sizeof what, "the answer holds more than one line ('%s')",
                 quote(line, strlen(line), q));
        return fail_frame(r, i, what);
    }
    loa_move gen[LOA_MAX_MOVES];
    int n = loa_generate_moves_cg(&r->board, gen);
    loa_answer a;
    loa_answer_judge(line, len, gen, n, &r->rng, &a);
    r->drawn += a.random && n > 0;
    if (a.verdict != LOA_ANSWER_OK) {
        r->end = END_INVALID;
        r->verdict = a.verdict;
        snprintf(r->detail, sizeof r->detail, "%s invalid action '%s': %s", colour[m],
                 quote(line, len, q), loa_answer_verdict_text(a.verdict));
        add_ply(r, i, m, line, len, LOA_MOVE_NONE, &a, tail, cut);
        free(tail);
        return 0;
    }
    add_ply(r, i, m, line, len, a.move, &a, tail, cut);
    free(tail);
    loa_make_move(&r->board, a.move, NULL);
    loa_status st = loa_board_status(&r->board, LOA_MAX_PLIES);
    if (st == LOA_DRAW) {
        r->end = END_PLY_LIMIT;
        snprintf(r->detail, sizeof r->detail, "draw: %d plies played", r->board.ply);
    } else if (st != LOA_ONGOING) {
        int winner = st == LOA_BLACK_WINS ? 0 : 1;
        r->end = winner == m ? END_CONNECTED : END_OPPONENT_CONNECTED;
        if (winner == m)
            snprintf(r->detail, sizeof r->detail, "%s connected all its checkers", colour[m]);
        else
            snprintf(r->detail, sizeof r->detail, "%s's ply left %s connected", colour[m],
                     colour[winner]);
    }
    return 0;
}

/* The scores of the replayed end, and its winner (-1: none). */
static void result_of(const cg_run *r, int scores[2], int *winner, int *fault)
{
    scores[0] = scores[1] = 0;
    *winner = *fault = -1;
    if (r->end == END_TIMEOUT || r->end == END_INVALID) {
        *fault = r->mover;
        *winner = 1 - r->mover;
        scores[r->mover] = -1;
    } else if (r->end == END_CONNECTED || r->end == END_OPPONENT_CONNECTED) {
        *winner = r->end == END_CONNECTED ? r->mover : 1 - r->mover;
        scores[*winner] = 1;
    }
}

/* The summaries against the replayed end: the end frame's says what the
 * referee says of that end (when the file has it: the site leaves empty
 * summaries out), no earlier one announces an end. */
static int check_summaries(cg_run *r, int winner)
{
    static const char *const ends[] = {"$0 won", "$1 won", "Game is drawn",
                                       "did not output in time", "made an invalid action"};
    for (int i = 0; i < r->end_frame; i++)
        for (size_t e = 0; r->f->frames[i].summary && e < sizeof ends / sizeof *ends; e++)
            if (strstr(r->f->frames[i].summary, ends[e]))
                return util_fail(REPLAY_E_CONTRADICTS, r->err, r->errsz,
                                 "%s: frame %d: the summary says \"%s\", yet the game goes on to "
                                 "frame %d",
                                 r->src, i, ends[e], r->end_frame);
    const char *s = r->f->frames[r->end_frame].summary;
    if (!s)
        return 0;
    char want[2][48];
    int nw = 0;
    if (r->end == END_TIMEOUT)
        snprintf(want[nw++], sizeof want[0], "$%d did not output in time!", r->mover);
    else if (r->end == END_INVALID)
        snprintf(want[nw++], sizeof want[0], "$%d made an invalid action!", r->mover);
    if (winner >= 0)
        snprintf(want[nw++], sizeof want[0], "$%d won", winner);
    else
        snprintf(want[nw++], sizeof want[0], "Game is drawn");
    for (int w = 0; w < nw; w++)
        if (!strstr(s, want[w])) {
            char q[48];
            return util_fail(REPLAY_E_CONTRADICTS, r->err, r->errsz,
                             "%s: frame %d: the game ends here (%s), but the summary does not say "
                             "\"%s\" ('%s')",
                             r->src, r->end_frame, r->detail, want[w], quote(s, strlen(s), q));
        }
    return 0;
}

/* The record's "result" (NULL on out of memory). */
static cJSON *result_json(const cg_run *r, const int scores[2], int winner, int fault, int *ok)
{
    cJSON *res = cJSON_CreateObject();
    if (!res)
        return NULL;
    add(res, "winner", winner >= 0 ? cJSON_CreateString(colour[winner]) : cJSON_CreateNull(), ok);
    add(res, "reason",
        cJSON_CreateString(r->end == END_CONNECTED            ? "connected"
                           : r->end == END_OPPONENT_CONNECTED ? "opponent_connected"
                           : r->end == END_PLY_LIMIT          ? "ply_limit"
                           : r->end == END_TIMEOUT            ? "timeout"
                                                              : invalid_reason(r->verdict)),
        ok);
    add(res, "scores", cJSON_CreateIntArray(scores, 2), ok);
    add(res, "fault", fault >= 0 ? cJSON_CreateString(colour[fault]) : cJSON_CreateNull(), ok);
    add(res, "plies", cJSON_CreateNumber(r->board.ply), ok);
    add(res, "exit_status", cJSON_CreateNull(), ok);
    add(res, "term_signal", cJSON_CreateNull(), ok);
    add(res, "detail", cJSON_CreateString(r->detail), ok);
    static const int none[2] = {0, 0};
    add(res, "late", cJSON_CreateIntArray(none, 2), ok);
    return res;
}

/* The record's header, result and CodinGame log keys around the plies. */
static cJSON *build_record(cg_run *r, const int scores[2], int winner, int fault)
{
    const cg_file *f = r->f;
    int *ok = &r->ok;
    cJSON *rec = cJSON_CreateObject();
    if (!rec)
        return NULL;
    char seed[32];
    snprintf(seed, sizeof seed, "%" PRId64, f->seed);
    add(rec, "format", cJSON_CreateString("loa-arena-record"), ok);
    add(rec, "version", cJSON_CreateNumber(1), ok);
    /* a number as in any parsed record (a double: seeds past 2^53 are
     * rounded); seed_text has the digits, and replay_write_record() writes
     * them */
    add(rec, "seed", cJSON_CreateNumber((double)f->seed), ok);
    add(rec, "seed_text", cJSON_CreateString(seed), ok);
    add(rec, "start_time", cJSON_CreateNull(), ok); /* not in CodinGame's files */
    add(rec, "start_unix", cJSON_CreateNull(), ok);
    add(rec, "duration_us", cJSON_CreateNull(), ok);
    cJSON *lim = cJSON_CreateObject();
    add(rec, "limits", lim, ok);
    if (lim) {
        add(lim, "first_turn_ms", cJSON_CreateNumber(LOA_FIRST_TURN_MS), ok);
        add(lim, "turn_ms", cJSON_CreateNumber(LOA_TURN_MS), ok);
        add(lim, "max_plies", cJSON_CreateNumber(LOA_MAX_PLIES), ok);
        add(lim, "time_mode", cJSON_CreateString("wall"), ok);
        add(lim, "time_margin_ms", cJSON_CreateNumber(0), ok);
    }
    cJSON *players = cJSON_CreateArray();
    add(rec, "players", players, ok);
    for (int k = 0; players && k < 2; k++) {
        cJSON *p = cJSON_CreateObject();
        push(players, p, ok);
        if (!p)
            break;
        add(p, "color", cJSON_CreateString(colour[k]), ok);
        add(p, "name", cJSON_CreateString(f->names[k]), ok);
        add(p, "command", cJSON_CreateNull(), ok); /* how CodinGame ran the bot: unknown */
    }
    add(rec, "opening", cJSON_CreateString(""), ok);
    add(rec, "moves", r->moves, ok);
    add(rec, "plies", r->plies, ok);
    r->moves = r->plies = NULL;
    add(rec, "result", result_json(r, scores, winner, fault, ok), ok);
    cJSON *sc = cJSON_CreateObject(), *er = cJSON_CreateObject();
    add(rec, "scores", sc, ok);
    add(rec, "errors", er, ok);
    if (sc && er) {
        add(sc, "0", cJSON_CreateNumber(scores[0]), ok);
        add(sc, "1", cJSON_CreateNumber(scores[1]), ok);
        add(er, "0", r->errs[0], ok);
        add(er, "1", r->errs[1], ok);
        r->errs[0] = r->errs[1] = NULL;
    }
    cJSON *im = cJSON_CreateObject();
    add(rec, "import", im, ok);
    if (im) {
        add(im, "from", cJSON_CreateString(cg_kind_name(f->kind)), ok);
        add(im, "game_id",
            f->has_game_id ? cJSON_CreateNumber((double)f->game_id) : cJSON_CreateNull(), ok);
        add(im, "frames", cJSON_CreateNumber(f->nframes), ok);
    }
    return rec;
}

int cg_import(const cg_file *f, const char *source, cJSON **record, char *err, size_t errsz)
{
    *record = NULL;
    cg_run r = {.f = f, .src = source, .err = err, .errsz = errsz, .ok = 1};
    loa_board_init(&r.board);
    loa_jrandom_seed(&r.rng, f->seed);
    r.moves = cJSON_CreateArray();
    r.plies = cJSON_CreateArray();
    r.errs[0] = cJSON_CreateArray();
    r.errs[1] = cJSON_CreateArray();
    int rc = 0;
    const cg_frame *f0 = &f->frames[0];
    if (f0->out[0] || f0->out[1])
        rc = util_fail(REPLAY_E_CONTRADICTS, err, errsz,
                       "%s: frame 0 holds an answer: the initial frame has none", source);
    for (int k = 0; rc == 0 && k < 2; k++)
        if (f0->err[k] && !(r.pending[k] = join(NULL, f0->err[k])))
            rc = util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", source);
    for (int i = 1; rc == 0 && i < f->nframes; i++) {
        r.mover = (int)r.board.side;
        if ((rc = play_frame(&r, i)) == 0 && r.end != END_NONE) {
            r.end_frame = i;
            break;
        }
    }
    /* A wrong seed shows up as a game that diverges after a `random`
     * answer: say so when there was one. */
    char hint[128] = "";
    if (r.drawn)
        snprintf(hint, sizeof hint,
                 " (%d `random` answer%s before it drawn from seed=%" PRId64 ": the game's seed?)",
                 r.drawn, r.drawn > 1 ? "s" : "", f->seed);
    if (rc == 0 && r.end == END_NONE)
        rc = util_fail(REPLAY_E_CONTRADICTS, err, errsz,
                       "%s: frame %d: the file ends here, yet the game goes on after ply %d "
                       "(a cut or truncated file?)%s",
                       source, f->nframes - 1, r.board.ply, hint);
    if (rc == 0 && r.end_frame < f->nframes - 1)
        rc = util_fail(REPLAY_E_CONTRADICTS, err, errsz,
                       "%s: frame %d: the game ends here (%s), yet the file goes on to frame %d%s",
                       source, r.end_frame, r.detail, f->nframes - 1, hint);
    int scores[2], winner, fault;
    result_of(&r, scores, &winner, &fault);
    if (rc == 0 && (f->scores[0] != scores[0] || f->scores[1] != scores[1]))
        rc = util_fail(REPLAY_E_CONTRADICTS, err, errsz,
                       "%s: frame %d: the game ends here (%s), so the scores are %d %d, but the "
                       "file's are %lld %lld%s",
                       source, r.end_frame, r.detail, scores[0], scores[1], f->scores[0],
                       f->scores[1], hint);
    if (rc == 0)
        rc = check_summaries(&r, winner);
    if (rc == 0)
        *record = build_record(&r, scores, winner, fault);
    if (rc == 0 && (!*record || !r.ok)) {
        cJSON_Delete(*record);
        *record = NULL;
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", source);
    }
    cJSON_Delete(r.moves);
    cJSON_Delete(r.plies);
    cJSON_Delete(r.errs[0]);
    cJSON_Delete(r.errs[1]);
    free(r.pending[0]);
    free(r.pending[1]);
    return rc;
}
