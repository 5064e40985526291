/*
 * reply.c - the analysis protocol's text (engine.h): a request written, an
 * answer read and checked against its position with the SDK's rules. Pure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/engine.h"
#include "analysis/error.h"
#include "util/parse.h"
#include "util/text.h"

/* Largest |cp| score and most plies of a proven end accepted: bounds that
 * only refuse nonsense (loa-ab's evaluations stay within a few thousand).
 * The same as the analysis file's (replay/src/analysis_file_read.c). */
#define REPLY_SCORE_MAX 1000000
#define REPLY_PLIES_MAX 10000

const char *analysis_limit_name(analysis_limit_kind kind)
{
    switch (kind) {
    case ANALYSIS_LIMIT_DEPTH: return "depth";
    case ANALYSIS_LIMIT_NODES: return "nodes";
    case ANALYSIS_LIMIT_MOVETIME: return "movetime";
    default: return "?";
    }
}

int analysis_request_format(const loa_board *b, analysis_limit lim, char *buf, size_t size)
{
    char board[LOA_BOARD_STRING_MAX];
    if (!b || !buf || size < ANALYSIS_REQUEST_MAX || lim.value < 1 ||
        loa_board_format(b, board, sizeof board) != 0)
        return ANALYSIS_E_INVAL;
    snprintf(buf, size, "go %s %lld %s", analysis_limit_name(lim.kind), lim.value, board);
    return 0;
}

/* The next space-separated word of *s (moved past it) into w (size
 * bytes); 0 at the end of the line, -1 when the word is too long. */
static int next_word(const char **s, char *w, size_t size)
{
    while (**s == ' ')
        (*s)++;
    size_t n = strcspn(*s, " ");
    if (!n)
        return 0;
    if (n >= size)
        return -1;
    memcpy(w, *s, n);
    w[n] = '\0';
    *s += n;
    return 1;
}

/* A move legal in b: its squares (or LOA_MOVE_PASS) into *m. */
static int legal_move(const char *text, const loa_board *b, loa_move *m)
{
    if (loa_move_parse(text, m) != 0 || !loa_is_legal(b, *m))
        return -1;
    if (*m != LOA_MOVE_PASS)
        *m = LOA_MOVE_SQUARES(*m);
    return 0;
}

int analysis_reply_parse(const char *line, const loa_board *b, analysis_reply *out, char *err,
                         size_t errsz)
{
    if (!line || !b || !out)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "analysis_reply_parse: NULL argument");
    memset(out, 0, sizeof *out);
    const char *s = line;
    char w[32];
    int rc = next_word(&s, w, sizeof w);
    if (rc != 1 || strcmp(w, "bestmove") != 0)
        return util_fail(ANALYSIS_E_PROTOCOL, err, errsz,
                         "'%.80s' is not 'bestmove MOVE score ...'", line);
    if (next_word(&s, w, sizeof w) != 1 || legal_move(w, b, &out->best) != 0)
        return util_fail(ANALYSIS_E_PROTOCOL, err, errsz,
                         "'%.80s': the move is not a legal move of the position", line);
    int scored = 0, have_pv = 0;
    while (!have_pv && (rc = next_word(&s, w, sizeof w)) == 1) {
        if (strcmp(w, "score") == 0 && !scored) {
            char kind[8], num[24];
            int v;
            if (next_word(&s, kind, sizeof kind) != 1 || next_word(&s, num, sizeof num) != 1)
                return util_fail(ANALYSIS_E_PROTOCOL, err, errsz,
                                 "'%.80s': 'score' needs cp S, win P or loss P", line);
            if (strcmp(kind, "cp") == 0 &&
                util_parse_int(num, -REPLY_SCORE_MAX, REPLY_SCORE_MAX, &v) == 0)
                out->eval = REPLAY_EVAL_CP;
            else if (strcmp(kind, "win") == 0 && util_parse_int(num, 1, REPLY_PLIES_MAX, &v) == 0)
                out->eval = REPLAY_EVAL_WIN;
            else if (strcmp(kind, "loss") == 0 && util_parse_int(num, 1, REPLY_PLIES_MAX, &v) == 0)
                out->eval = REPLAY_EVAL_LOSS;
            else
                return util_fail(
                    ANALYSIS_E_PROTOCOL, err, errsz,
                    "'%.80s': 'score %s %s' is not cp S (|S| <= %d), win P or loss P (1..%d)", line,
                    kind, num, REPLY_SCORE_MAX, REPLY_PLIES_MAX);
            out->score = v;
            scored = 1;
        } else if (strcmp(w, "lowerbound") == 0) {
            out->lower_bound = 1;
        } else if (strcmp(w, "depth") == 0 || strcmp(w, "nodes") == 0) {
            char num[24];
            int64_t v;
            if (next_word(&s, num, sizeof num) != 1 ||
                util_parse_i64(num, 0, w[0] == 'd' ? 10000 : (int64_t)1 << 52, &v) != 0)
                return util_fail(ANALYSIS_E_PROTOCOL, err, errsz, "'%.80s': '%s' needs a number",
                                 line, w);
            if (w[0] == 'd')
                out->depth = (int)v;
            else
                out->nodes = v;
        } else if (strcmp(w, "pv") == 0) {
            have_pv = 1;
        } else {
            return util_fail(ANALYSIS_E_PROTOCOL, err, errsz, "'%.80s': unknown word '%s'", line,
                             w);
        }
    }
    if (rc < 0)
        return util_fail(ANALYSIS_E_PROTOCOL, err, errsz, "'%.80s': a word is too long", line);
    if (!scored)
        return util_fail(ANALYSIS_E_PROTOCOL, err, errsz, "'%.80s': no score", line);
    /* the line: legal from b, the move first; kept up to the bound */
    loa_board p = *b;
    int k = 0;
    while ((rc = next_word(&s, w, sizeof w)) == 1) {
        loa_move m;
        if (loa_board_status(&p, LOA_MAX_PLIES) != LOA_ONGOING || legal_move(w, &p, &m) != 0)
            return util_fail(ANALYSIS_E_PROTOCOL, err, errsz,
                             "'%.80s': pv move %d '%s' is not legal there", line, k + 1, w);
        if (k == 0 && m != out->best)
            return util_fail(ANALYSIS_E_PROTOCOL, err, errsz,
                             "'%.80s': the pv does not start with the move", line);
        if (out->pv_len < REPLAY_ANALYSIS_PV_MAX)
            out->pv[out->pv_len++] = m;
        loa_make_move(&p, m, NULL);
        k++;
    }
    if (rc < 0)
        return util_fail(ANALYSIS_E_PROTOCOL, err, errsz, "'%.80s': a pv word is too long", line);
    return 0;
}

/* 1 for a line the protocol skips: empty, or "info" and its words. */
static int is_info(const char *line)
{
    return !*line ||
           (strncmp(line, "info", 4) == 0 && (!line[4] || line[4] == ' ' || line[4] == '\t'));
}

int analysis_reply_judge(const char *line, const loa_board *b, analysis_reply *out, char *why,
                         size_t whysz)
{
    if (strncmp(line, "bestmove", 8) == 0)
        return analysis_reply_parse(line, b, out, why, whysz);
    if (strncmp(line, "error", 5) == 0)
        return util_fail(ANALYSIS_E_PROTOCOL, why, whysz, "'%.200s'", line);
    if (is_info(line))
        return 1;
    /* anything else is no answer, and none may follow: waiting would only
     * spend the answer's timeout */
    return util_fail(ANALYSIS_E_PROTOCOL, why, whysz, "'%.200s' (not bestmove, info or error)",
                     line);
}
