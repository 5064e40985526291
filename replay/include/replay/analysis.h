/*
 * replay/analysis.h - the analysis of a game (docs/analysis.md): for every
 * position, an engine's evaluation as the side to move's winning chance (or
 * a win or loss the search proved), its best move and line; for every ply,
 * the judgement of the move played (inaccuracy, mistake, blunder, missed
 * win). loa-analyse (analysis/) computes it; this header is its file, the
 * format "loa-analysis" version 1, read strictly against its game and
 * written with cJSON, and what the replay page draws from it (an evaluation
 * graph, marks on the moves, the best move as a second arrow).
 *
 * A game's analysis lives beside it: RECORD.json's in RECORD.analysis.json,
 * a league game's in DIR/games/<id>.analysis.json, beside its page
 * (replay_analysis_path()).
 *
 * Files are hostile input: every field is type- and range-checked, every
 * move checked legal in its position, and the file must belong to the game
 * (the same plies); a bad file gives a REPLAY_E_* code and a sentence naming
 * the file, the field and the ply. A replay_analysis is a plain value owned
 * by whoever made it (replay_analysis_new(), replay_analysis_parse()), freed
 * with replay_analysis_free(); distinct analyses may be used from distinct
 * threads, one may be read from several at once.
 */
#ifndef REPLAY_ANALYSIS_H
#define REPLAY_ANALYSIS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "loa/movegen.h"
#include "replay/replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The analysis file's "format" and "version". */
#define REPLAY_ANALYSIS_FORMAT "loa-analysis"
#define REPLAY_ANALYSIS_VERSION 1
/* Most moves of a line (best move first) kept per position. */
#define REPLAY_ANALYSIS_PV_MAX 32
/* Largest analysis file read (bytes): a 150-ply game's is about 60 KB. */
#define REPLAY_ANALYSIS_FILE_MAX (16u << 20)
/* Longest engine command kept, bytes (NUL included). */
#define REPLAY_ANALYSIS_COMMAND_MAX 1024

/* What is known of a position, for its side to move. */
typedef enum replay_eval_kind {
    REPLAY_EVAL_NONE = 0, /* not analysed */
    REPLAY_EVAL_CP,       /* an evaluation: score in the engine's points */
    REPLAY_EVAL_WIN,      /* a win the search proved: score = plies to the end */
    REPLAY_EVAL_LOSS,     /* a loss the search proved: score = plies to the end */
    REPLAY_EVAL_END       /* the game is over in this position */
} replay_eval_kind;

/* The judgement of a move, from the drop in its mover's winning chance
 * (thresholds in the file, docs/analysis.md), except MISSED_WIN: a
 * connecting move, or a win the search proved, that the move gave up;
 * always marked, whatever the drop. */
typedef enum replay_mark {
    REPLAY_MARK_NONE = 0,
    REPLAY_MARK_INACCURACY,
    REPLAY_MARK_MISTAKE,
    REPLAY_MARK_BLUNDER,
    REPLAY_MARK_MISSED_WIN,
    REPLAY_MARK_COUNT /* not a mark */
} replay_mark;

/* The position after `ply` plies (replay_analysis.positions[ply]). */
typedef struct replay_position {
    replay_eval_kind eval;
    int score;                           /* CP: the engine's score, side to move's view; WIN, LOSS:
                         plies to the game's end (>= 1); END: 1 the side to move
                         won, -1 it lost, 0 a draw or no result; NONE: 0 */
    double win;                          /* the side to move's winning chance, 0..1: CP by the
                         scale (docs/analysis.md), WIN 1, LOSS 0, END 1, 0 or
                         0.5, NONE 0.5 */
    loa_move best;                       /* the engine's move, squares only; LOA_MOVE_PASS;
                         LOA_MOVE_NONE at END and NONE */
    loa_move pv[REPLAY_ANALYSIS_PV_MAX]; /* its line, best first, legal */
    int pv_len;
    int depth;        /* plies searched (the engine's word), >= 0 */
    long long nodes;  /* positions searched (the engine's word), >= 0 */
    int lower_bound;  /* 1: the engine gave score as a lower bound */
    int connecting;   /* legal moves that connect the side to move at once */
    loa_move connect; /* one of them (the first in a1..h8 order), or NONE */
} replay_position;

/* The judgement of ply `ply` (replay_analysis.moves[ply - 1]). */
typedef struct replay_judgement {
    int judged;    /* 0: not judged (an opening ply, a forced ply: one legal
                         move or a pass, or an unanalysed position) */
    double before; /* the mover's winning chance before the move, 0..1 */
    double after;  /* ... and after it (1 - the opponent's, or the end's) */
    double drop;   /* before - after, 0 when the move is the engine's best
                         or the chance rose; what the thresholds judge */
    replay_mark mark;
} replay_judgement;

/* One side's marks in the game (replay_analysis_side()). */
typedef struct replay_side_summary {
    int marks[REPLAY_MARK_COUNT]; /* moves per mark ([REPLAY_MARK_NONE]: unmarked judged moves) */
    int worst;                    /* the ply of the side's judged move of largest drop (the
                         earliest of equals), 0 when no move dropped */
    double worst_drop;
    int lost; /* 1: the side lost the game */
} replay_side_summary;

typedef struct replay_analysis {
    char engine[REPLAY_ANALYSIS_COMMAND_MAX]; /* the analysing engine's command */
    char limit[16];                           /* "depth", "nodes" or "movetime" */
    long long limit_value;                    /* plies, positions or ms */
    double scale;                             /* the scale's points per unit of log-odds: winning
                         chance = 1 / (1 + exp(-score / scale)) */
    double thresholds[REPLAY_MARK_COUNT];     /* [INACCURACY], [MISTAKE], [BLUNDER]:
                         the drop (0..1) from which a move gets the mark */
    int plies;                                /* the game's plies */
    replay_position *positions;               /* plies + 1 entries */
    replay_judgement *moves;                  /* plies entries */
} replay_analysis;

/* A new analysis of a game of `plies` plies (0..REPLAY_PLIES_MAX), every
 * position NONE, nothing judged, zero limits. NULL on out of memory or a
 * bad plies. Free with replay_analysis_free(). */
replay_analysis *replay_analysis_new(int plies);

/* Frees a (NULL is fine). */
void replay_analysis_free(replay_analysis *a);

/* The name of a mark in files and pages: "inaccuracy", "mistake",
 * "blunder", "missed_win"; NULL for NONE. Static storage. */
const char *replay_mark_name(replay_mark m);

/* The symbol of a mark on a move: "?!", "?", "??", "miss"; "" for NONE. */
const char *replay_mark_symbol(replay_mark m);

/* Position p in words, for its side to move: "62%" (CP: the winning
 * chance, rounded), "wins in N" / "loses in N" (N = the side to move's own
 * moves to the end, ceil(plies / 2): a win in 1 is a connecting move), "won",
 * "lost", "drawn" (END), "-" (NONE). Writes at most size bytes (NUL
 * included) into buf and returns buf. */
char *replay_eval_text(const replay_position *p, char *buf, size_t size);

/* The legal moves that connect b's side to move at once (the game's end by
 * the rules, loa_board_status: a move connecting both sides wins for its
 * mover): their number, and *first the first in a1..h8 order (squares
 * only; LOA_MOVE_NONE when none). Pure. */
int replay_connecting_moves(const loa_board *b, loa_move *first);

/* Side (0 black, 1 white)'s summary in game g (its plies and result). */
replay_side_summary replay_analysis_side(const replay_analysis *a, const replay_game *g, int side);

/* The analysis file's path for a record or page path: its ".json" or
 * ".html" replaced by ".analysis.json" (appended when neither ends it).
 * A new string (malloc; the caller frees); NULL on out of memory or a NULL
 * path. */
char *replay_analysis_path(const char *path);

/* The file's JSON (docs/analysis.md): the game's identity (players, plies,
 * moves, result) from g, every position and judgement of a, and each side's
 * summary. *out is new (the caller deletes it). Returns 0, REPLAY_E_INVAL (a
 * NULL argument, or a of another number of plies than g) or REPLAY_E_NOMEM. */
int replay_analysis_to_json(const replay_analysis *a, const replay_game *g, cJSON **out, char *err,
                            size_t errsz);

/* replay_analysis_to_json() written to path (formatted, a final newline,
 * atomically: util_write_file_atomic). Byte-identical for equal inputs.
 * Returns its codes and REPLAY_E_IO (errno set). */
int replay_analysis_write(const replay_analysis *a, const replay_game *g, const char *path,
                          char *err, size_t errsz);

/* Reads an analysis file's text (len bytes) strictly as the analysis of
 * game g: its plies and moves must be g's, every best move and line legal
 * in its position (the SDK's rules), each number in its range, the summaries
 * those of its judgements. source names it in messages. Returns 0 and *out
 * (free with replay_analysis_free), or REPLAY_E_INVAL, REPLAY_E_NOMEM,
 * REPLAY_E_JSON, REPLAY_E_FORMAT (not "loa-analysis" version 1),
 * REPLAY_E_FIELD, REPLAY_E_MOVE, REPLAY_E_ILLEGAL or REPLAY_E_INCONSISTENT
 * (another game's analysis, or summaries that disagree), with a sentence. */
int replay_analysis_parse(const replay_game *g, const char *text, size_t len, const char *source,
                          replay_analysis **out, char *err, size_t errsz);

/* replay_analysis_parse() of the file at path (at most
 * REPLAY_ANALYSIS_FILE_MAX bytes). Adds REPLAY_E_IO (errno set; ENOENT
 * when there is none) and REPLAY_E_TOO_BIG. */
int replay_analysis_load(const replay_game *g, const char *path, replay_analysis **out, char *err,
                         size_t errsz);

/* The replay page of g with analysis a (NULL: none) drawn on it: the
 * evaluation graph, the marks, the best move's arrow (docs/replay.md).
 * As replay_html() and replay_write_html(); a must be g's (REPLAY_E_INVAL
 * otherwise). replay_write_html(g, path) itself draws the analysis beside
 * path (replay_analysis_path(path)) when there is one of g. */
int replay_html_analysed(const replay_game *g, const replay_analysis *a, char **html, size_t *len,
                         char *err, size_t errsz);
int replay_write_html_analysed(const replay_game *g, const replay_analysis *a, const char *path,
                               char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
