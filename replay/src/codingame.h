/*
 * codingame.h - games recorded by CodinGame itself, read into this
 * project's record (docs/replay.md, "Games from CodinGame"). Internal to
 * loa_replay: replay_game_parse() calls it for any JSON that is not a
 * loa-arena record.
 *
 * Two shapes, told apart by their content:
 *   - the game engine's result (GameRunner.getJSONResult(): "outputs",
 *     "errors", "summaries", "views", "uinput", "scores" {"0","1"}, ...),
 *     what CodinGame's SDK referees write with -l;
 *   - the site's replay (gameResultRemoteService/findByGameId: "frames"[]
 *     with "agentId", "stdout", "stderr", "summary", "gameInformation";
 *     "refereeInput"; "scores" [a, b]; "agents"[]), bare or inside
 *     {"success": ...}.
 * Both are read into the same frames (codingame_read.c), then replayed
 * with the SDK's rules and checked against the file (codingame_import.c).
 */
#ifndef REPLAY_CODINGAME_H
#define REPLAY_CODINGAME_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

typedef enum cg_kind { CG_NONE = 0, CG_ENGINE = 1, CG_SITE = 2 } cg_kind;

/* One frame: frame 0 is the initial scene, frame i >= 1 one bot's turn (for
 * this referee ply i). Strings point into the parsed file. */
typedef struct cg_frame {
    const char *out[2];  /* the line player k wrote in this frame, "\n" included;
                             NULL when it wrote none */
    const char *err[2];  /* player k's stderr in this frame; NULL when none */
    int err_cut[2];      /* 1: the site cut that stderr (it ends in "...") */
    const char *summary; /* the referee's summary of the frame; NULL when the
                             file has none (the site leaves empty ones out) */
} cg_frame;

typedef struct cg_file {
    cg_kind kind;
    int nframes;          /* frames[0..nframes) */
    cg_frame *frames;     /* malloc'd; cg_file_free() */
    int64_t seed;         /* seed=N of uinput / refereeInput */
    long long scores[2];  /* the file's final scores, black (player 0) then white */
    const char *names[2]; /* display names; never NULL */
    char name_buf[2][48]; /* names made up when the file has none */
    int has_game_id;      /* the site's gameId, when given */
    long long game_id;
} cg_file;

/* Which shape root has: CG_ENGINE, CG_SITE, or CG_NONE. Looks only at the
 * keys ("outputs" with "summaries"; "frames", possibly under "success"). */
cg_kind cg_detect(const cJSON *root);

/* Reads root (of shape cg_detect(root)) into *f: every field type-checked,
 * every list one entry per frame. f's strings point into root, which must
 * outlive f. Returns 0, or REPLAY_E_FIELD / REPLAY_E_FORMAT / REPLAY_E_NOMEM
 * with a sentence naming source and the frame or field. */
int cg_read(const cJSON *root, const char *source, cg_file *f, char *err, size_t errsz);

/* Frees what cg_read() allocated (f itself is the caller's). */
void cg_file_free(cg_file *f);

/* Replays f with the SDK (each answer judged by loa_answer_judge, `random`
 * drawn from the seed), derives the passes and the end (connection, 150-ply
 * draw, timeout, invalid action), checks them against the file's frames,
 * scores and summaries, and builds the game as a loa-arena record (version
 * 1, docs/record.md) in *record (the caller frees it with cJSON_Delete).
 * Returns 0, or REPLAY_E_CONTRADICTS (the file does not replay: the sentence
 * names the frame and the reason), REPLAY_E_FIELD or REPLAY_E_NOMEM;
 * *record is NULL then. */
int cg_import(const cg_file *f, const char *source, cJSON **record, char *err, size_t errsz);

/* "codingame-engine" or "codingame-site": the record's "import.from". */
const char *cg_kind_name(cg_kind k);

#endif
