/*
 * ref/referee.h - the referee library: runs one LOA game between two bot
 * processes exactly as CodinGame's referee does (protocol, judging, time
 * limits, the seed-driven `random`), and records it.
 *
 * Behaviour source: docs/rules.md; docs/referee.md
 * documents it for users and docs/record.md the JSON record.
 *
 * Layers (each knows only the one below): process (spawn, kill, reap) ->
 * line I/O with a deadline -> this one-game referee. The arena runs many
 * games at once, one per thread: ref_game_run() is thread-safe as long as
 * each call has its own config and game. It never changes process-wide
 * signal dispositions except that ref_global_init() ignores SIGPIPE (and
 * makes the process a child subreaper, and starts its watchdog).
 *
 * Errors: functions returning int give 0 or a negative REF_E_* code;
 * ref_strerror() describes it.
 */
#ifndef REF_REFEREE_H
#define REF_REFEREE_H

#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "loa/loa.h"
#include "util/metric.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes of the referee library (the referee itself failed; a bot's
 * misbehaviour is never an error, it is a game result): one table,
 * XX(NAME, code, message), generating enum ref_error (REF_E_<NAME>) and
 * ref_strerror(). The referee's range is -101..-199. */
#define REF_ERROR_MAP(XX)                                                                          \
    /* bad argument (NULL, empty command, limits <= 0) */                                          \
    XX(INVAL, -101, "invalid argument (NULL, empty command or a limit <= 0)")                      \
    /* out of memory */                                                                            \
    XX(NOMEM, -102, "out of memory")                                                               \
    /* a system call failed (pipes, fork, fds): see errno */                                       \
    XX(SYSTEM, -103, "a system call failed")                                                       \
    /* writing a record failed */                                                                  \
    XX(IO, -104, "writing the record failed")                                                      \
    /* building JSON failed */                                                                     \
    XX(JSON, -105, "building the JSON record failed")                                              \
    /* an opening that is not a sequence of legal plies from the initial
     * position, reaches a won position, or is too long */                           \
    XX(OPENING, -106, "bad opening")                                                               \
    /* --sandbox without bubblewrap */                                                             \
    XX(SANDBOX, -107, "the sandbox needs bubblewrap (Debian package bubblewrap): bwrap not found") \
    /* --cpu-method cgroup where no cgroup v2 can be created and joined */                         \
    XX(CPU, -108, "cgroup CPU time accounting is unavailable here (use the proc method)")          \
    /* --sandbox where bubblewrap cannot make the sandbox (no user namespace) */                   \
    XX(SANDBOX_UNUSABLE, -109,                                                                     \
       "bubblewrap cannot make the sandbox here (it needs a user namespace)")                      \
    /* the process layer (ref/process.h): a command that cannot be started
     * (a bad working directory, bwrap missing), a line not there by the
     * deadline, the stop descriptor readable, the process gone (its output
     * or input closed, or it exited), a line over REF_LINE_CAP bytes */                         \
    XX(START, -110, "the command could not be started")                                            \
    XX(TIMEOUT, -111, "no complete line before the deadline")                                      \
    XX(STOPPED, -112, "stopped through the stop descriptor")                                       \
    XX(GONE, -113, "the process closed its output or input, or exited")                            \
    XX(LINE_TOO_LONG, -114, "a line over the length cap without a newline")

enum ref_error {
    REF_OK = 0,
#define REF_ERROR_XX(name, code, text) REF_E_##name = code,
    REF_ERROR_MAP(REF_ERROR_XX)
#undef REF_ERROR_XX
};

/* Why a game ended: one table, XX(NAME, "stable_name", blames_a_bot,
 * "description"), generating the ref_reason enum (REF_REASON_<NAME>, in
 * this order from 0), ref_reason_name() / ref_reason_from_name() (the
 * stable names used in records), ref_reason_is_fault() and
 * ref_reason_describe() (the description, which for the invalid_* reasons
 * is also the end of the game's detail text). Never reorder: the values
 * are stable. */
#define REF_REASON_MAP(XX)                                                                  \
    XX(NONE, "none", 0, "not finished")                                                     \
    XX(CONNECTED, "connected", 0, "the mover joined all its checkers")                      \
    XX(OPPONENT_CONNECTED, "opponent_connected", 0,                                         \
       "the mover's ply left the other side connected; the other side wins")                \
    XX(PLY_LIMIT, "ply_limit", 0, "max plies reached: draw")                                \
    XX(TIMEOUT, "timeout", 1, "no complete line before the deadline")                       \
    /* shaped like a move (e.g. a1b2...) but no legal move is a prefix */                   \
    XX(INVALID_UNKNOWN_MOVE, "invalid_unknown_move", 1, "no legal move is a prefix of it")  \
    XX(INVALID_PASS, "invalid_pass", 1, "pass while legal moves exist")                     \
    /* empty line, or a line starting with a space (an empty action) */                     \
    XX(INVALID_EMPTY, "invalid_empty", 1, "empty action")                                   \
    XX(INVALID_NOT_A_MOVE, "invalid_not_a_move", 1, "not a move")                           \
    /* over REF_LINE_CAP bytes without a newline */                                         \
    XX(INVALID_LINE_TOO_LONG, "invalid_line_too_long", 1,                                   \
       "a line over the length cap without a newline")                                      \
    /* the process exited or died by a signal before answering (see
     * exit_status, term_signal) */                         \
    XX(CRASHED, "crashed", 1, "the process exited or died before answering")                \
    /* stdout reached EOF while the process kept running (also: it closed its
     * stdin, so its turn's input cannot be delivered; detail says which) */               \
    XX(CLOSED_OUTPUT, "closed_output", 1, "it closed its output or input and kept running") \
    /* the command could not be run (shell exit 126/127 before any output,
     * bad cwd) */                  \
    XX(FAILED_TO_START, "failed_to_start", 1, "the command could not be run")               \
    /* the referee could not run the game (fds, fork, memory): no bot is
     * blamed, scores 0 0, no winner */                    \
    XX(REFEREE_ERROR, "referee_error", 0, "the referee could not run the game")             \
    /* stopped through ref_config.stop_fd; scores 0 0, no winner */                         \
    XX(ABORTED, "aborted", 0, "stopped by the caller")

typedef enum ref_reason {
#define REF_REASON_XX(name, str, fault, text) REF_REASON_##name,
    REF_REASON_MAP(REF_REASON_XX)
#undef REF_REASON_XX
        REF_REASON_COUNT /* number of reasons, not a reason */
} ref_reason;

/* Longest opening, in plies (a few plies is the usual; the bound keeps an
 * opening well inside a 150-ply game). */
#define REF_OPENING_MAX 100

/* Longest opening text ref_opening_format() writes: 5 bytes a ply + NUL. */
#define REF_OPENING_TEXT_MAX (REF_OPENING_MAX * 5 + 1)

/* Longest output line a bot may write in one turn, newline excluded. A longer
 * line is REF_REASON_INVALID_LINE_TOO_LONG. */
#define REF_LINE_CAP (64 * 1024)
/* Bytes of a bot's stderr kept per ply (the tail; the rest is drained and
 * dropped so the bot never blocks on a full pipe). */
#define REF_STDERR_CAP (4 * 1024)
/* Characters of a comment shown in displays (the record keeps it whole). */
#define REF_COMMENT_DISPLAY 16

/* How a bot is confined (ref_player.sandbox; docs/referee.md, "The
 * sandbox"): not at all (it runs with the user's rights), or under
 * bubblewrap with no network, its own PID namespace, a read-only view of
 * the system and a private /tmp, its working directory read-only or
 * writable, and, whoever runs the referee (root included), as nobody in a
 * user namespace of its own with no capability. */
typedef enum ref_sandbox {
    REF_SANDBOX_OFF = 0,
    REF_SANDBOX_READ_ONLY = 1,
    REF_SANDBOX_WRITABLE_CWD = 2
} ref_sandbox;

/* How a turn's time is judged (docs/referee.md, "Time modes"):
 * - REF_TIME_WALL (CodinGame's, the default): wall-clock time from the end
 *   of writing the input to the arrival of the answer's newline;
 * - REF_TIME_CPU: the CPU time (user + system) the bot used over that same
 *   interval, every thread and every process of the bot counted, against
 *   the same limits; a wall-clock cap (ref_limits.wall_cap_ms) still ends a
 *   bot that sleeps or blocks. */
typedef enum ref_time_mode { REF_TIME_WALL = 0, REF_TIME_CPU = 1 } ref_time_mode;

/* How the CPU time of a bot is measured in REF_TIME_CPU (docs/referee.md):
 * REF_CPU_AUTO picks cgroup where this process can create a cgroup v2 and
 * move a process into it, else proc. REF_CPU_CGROUP: a cgroup per bot,
 * cpu.stat usage_usec (every process the bot ever started; us).
 * REF_CPU_PROC: the kernel's per-process accounting summed over the bot's
 * process tree (ns for live processes, 10 ms ticks for children already
 * waited for; a process that left the tree is not counted). */
typedef enum ref_cpu_method {
    REF_CPU_AUTO = 0,
    REF_CPU_CGROUP = 1,
    REF_CPU_PROC = 2
} ref_cpu_method;

/* "wall" / "cpu"; "auto" / "cgroup" / "proc". Static strings. */
const char *ref_time_mode_name(ref_time_mode m);
const char *ref_cpu_method_name(ref_cpu_method m);
/* Parse those names; 0, or REF_E_INVAL for another text (or NULL). */
int ref_time_mode_from_name(const char *name, ref_time_mode *out);
int ref_cpu_method_from_name(const char *name, ref_cpu_method *out);

/* The method REF_CPU_AUTO uses in this process: REF_CPU_CGROUP, or
 * REF_CPU_PROC with why[whysz] (may be NULL) saying why a cgroup cannot be
 * used ("cannot create a cgroup in /sys/fs/cgroup/...: Read-only file
 * system"). The first call probes (creates a cgroup, moves a short-lived
 * shell into it, removes it) and may take a few ms; later calls return
 * the same answer. Thread-safe. */
ref_cpu_method ref_cpu_method_probe(char *why, size_t whysz);

/* The bounds of a game's limits, typed once: loa-referee's options, the
 * arena's settings (its league file and command line, arena/src/league/
 * setting_table.h) and ref_limits_check() all read them here.
 * XX(NAME, field, option, min, max, unit, what, zero_unset): the ref_limits
 * field, the long option of loa-referee and loa-arena, the accepted range,
 * its unit, its name in messages, and whether 0 means "not set" (a wall
 * cap of 0 is 4 times the turn's limit, ref_limits.wall_cap_ms; it cannot
 * be asked for as a value). An hour is the longest limit, cap or margin
 * (the turn clock's arithmetic is int milliseconds: 4 x 3600000 fits); a
 * million plies is far past any game (CodinGame's limit is LOA_MAX_PLIES). */
#define REF_LIMITS_MAP(XX)                                                                     \
    XX(FIRST_TURN_MS, first_turn_ms, "first-turn-ms", 1, 3600000, "ms", "first-turn limit", 0) \
    XX(TURN_MS, turn_ms, "turn-ms", 1, 3600000, "ms", "turn limit", 0)                         \
    XX(MAX_PLIES, max_plies, "max-plies", 1, 1000000, "plies", "ply limit", 0)                 \
    XX(WALL_CAP_MS, wall_cap_ms, "wall-cap", 1, 3600000, "ms", "wall cap", 1)                  \
    XX(TIME_MARGIN_MS, time_margin_ms, "time-margin", 0, 3600000, "ms", "time margin", 0)

/* REF_<NAME>_MIN and REF_<NAME>_MAX of every row above (REF_TURN_MS_MAX). */
enum ref_limit_bound {
#define REF_LIMIT_XX(NAME, field, option, min, max, unit, what, zero_unset) \
    REF_##NAME##_MIN = (min), REF_##NAME##_MAX = (max),
    REF_LIMITS_MAP(REF_LIMIT_XX)
#undef REF_LIMIT_XX
};

/* A game's limits: the one struct that declares them, embedded wherever
 * they travel (ref_config.limits, the arena's settings, a played game). */
typedef struct ref_limits {
    int first_turn_ms; /* limit on each bot's first turn, ms (default LOA_FIRST_TURN_MS) */
    int turn_ms;       /* limit on every later turn, ms (default LOA_TURN_MS) */
    int max_plies;     /* draw after this many plies (default LOA_MAX_PLIES) */
    /* REF_TIME_CPU only: the wall-clock time a turn may take whatever its
     * CPU time, in ms (exceeding it is a timeout whose detail says so);
     * 0 (the default): not set, 4 times the turn's limit
     * (ref_limits_wall_cap). */
    int wall_cap_ms;
    /* An answer late by at most this many ms (in the turn's time mode) is
     * accepted and counted as late (ref_ply.late, ref_result.late), not a
     * loss (fastchess's timemargin). Default 0. */
    int time_margin_ms;
} ref_limits;

/* Checks every field of *l against REF_LIMITS_MAP (a wall cap of 0 is "not
 * set" and passes). Returns 0, or REF_E_INVAL with err (may be NULL)
 * naming the first bad field in the map's words: "turn limit must be in
 * 1..3600000 ms (0 given)". Thread-safe. */
int ref_limits_check(const ref_limits *l, char *err, size_t errsz);

/* The wall-clock cap, in ms, of a REF_TIME_CPU turn whose limit is
 * limit_ms (l->first_turn_ms or l->turn_ms): l->wall_cap_ms, or 4 x
 * limit_ms when it is not set (0). The one place that default is made: the
 * turn clock applies it, the record writes it. Thread-safe. */
int ref_limits_wall_cap(const ref_limits *l, int limit_ms);

/* Which setting a time mode leaves without meaning (ref_time_misfit). */
typedef enum ref_time_misfit {
    REF_TIME_FITS = 0,    /* every setting means something in the mode */
    REF_TIME_STRAY_CAP,   /* a wall cap outside REF_TIME_CPU */
    REF_TIME_STRAY_METHOD /* a CPU method other than REF_CPU_AUTO outside REF_TIME_CPU */
} ref_time_misfit;

/* The rule of the CPU mode's settings, for every front end (loa-referee's
 * options, the arena's settings): a wall cap (l->wall_cap_ms != 0) and a
 * CPU method other than REF_CPU_AUTO are REF_TIME_CPU's only; asked for
 * in another mode they are an error the front end words in its own terms
 * (the cap is named first when both are). Thread-safe. */
ref_time_misfit ref_time_misfit_of(ref_time_mode mode, const ref_limits *l, ref_cpu_method method);

/* The other half of that rule, where games will run: REF_CPU_CGROUP asked
 * for in REF_TIME_CPU must be available here (ref_cpu_method_probe).
 * Returns 0 (also for any other mode or method), or REF_E_CPU with why
 * [whysz] (may be NULL) saying why no cgroup can be used. Thread-safe. */
int ref_cpu_method_check(ref_time_mode mode, ref_cpu_method method, char *why, size_t whysz);

typedef struct ref_player {
    const char *name;    /* display name; NULL: the command */
    const char *command; /* shell command line, run with /bin/sh -c */
    const char *cwd;     /* working directory, NULL: the referee's */
    ref_sandbox sandbox; /* REF_SANDBOX_OFF by default (ref_config_init) */
} ref_player;

/* A metric a bot reported in a turn (util/metric.h; docs/metrics.md): a
 * `[PDATA]`/`[TDATA]` line of its stderr or a `name=value` word of its
 * answer's comment. Strings owned by the ref_game. */
typedef struct ref_metric {
    util_metric_scope scope; /* TURN, GAME ([PDATA]); MATCH_TURN, MATCH ([TDATA]) */
    const char *name;
    util_metric_value value; /* never NONE */
} ref_metric;

/* One ply as played. Strings are owned by the ref_game. */
typedef struct ref_ply {
    int player;                /* 0 = black (p1), 1 = white (p2) */
    const char *output;        /* the raw line the bot wrote (no newline); NULL if none */
    loa_move move;             /* the move applied (LOA_MOVE_PASS for a pass),
                            LOA_MOVE_NONE when the answer ended the game */
    const char *comment;       /* text after the first space, whole; "" if none */
    int random;                /* 1 if the bot answered `random` */
    int64_t time_us;           /* wall-clock us from the end of writing the input to
                            the newline */
    int64_t cpu_us;            /* REF_TIME_CPU: the bot's CPU time over the same
                            interval, us; -1 in REF_TIME_WALL (not measured) */
    int late;                  /* 1: over the turn's limit but within the time margin
                            (ref_limits.time_margin_ms), accepted */
    const char *stderr_tail;   /* last <= REF_STDERR_CAP bytes of stderr this turn
                                (everything since the bot's previous ply: stderr
                                is drained during the opponent's turns too); a
                                NUL byte is U+2400, 3 bytes, so the string may be
                                longer than the cap */
    const ref_metric *metrics; /* the metrics the bot reported with this turn:
                                  its stderr's lines since its previous ply
                                  (read from the whole stream, not the kept
                                  tail), then its comment's words; a name
                                  given twice in a scope: the last value, in
                                  the first's place. NULL when none */
    int n_metrics;
    int metrics_dropped; /* metric lines (and words) dropped this turn: past
                            UTIL_METRIC_TURN_MAX, or refused (util/metric.h) */
} ref_ply;

typedef struct ref_result {
    ref_reason reason;
    int winner;       /* 0 black, 1 white, -1 none (draw or no game) */
    int scores[2];    /* CodinGame scores: 1/0 for a normal end, 0 0 draw,
                            -1 for the bot at fault and 0 for the other */
    int fault;        /* the bot at fault (timeout, invalid, crash, start), or -1 */
    int plies;        /* plies applied */
    int exit_status;  /* for CRASHED/FAILED_TO_START: exit code, or -1 */
    int term_signal;  /* for CRASHED: the killing signal, or 0 */
    int late[2];      /* answers of black, white accepted within the time
                            margin (ref_ply.late) */
    int capped;       /* REF_REASON_TIMEOUT in REF_TIME_CPU by the wall-clock
                            cap (ref_limits.wall_cap_ms), the bot having used
                            less CPU time than its limit: a busy machine, or
                            a bot that waits; 0 otherwise */
    char detail[256]; /* human-readable detail, e.g. the offending output */
} ref_result;

/* Called after every applied ply (e.g. --verbose). b is the position after
 * it. Runs on the game's thread. */
typedef void (*ref_ply_callback)(const ref_ply *ply, const loa_board *b, void *user);

typedef struct ref_config {
    ref_player players[2];   /* [0] black = p1, [1] white = p2 */
    int64_t seed;            /* java.util.Random seed for `random` */
    ref_limits limits;       /* the turn limits, ply limit, wall cap and margin */
    ref_ply_callback on_ply; /* optional */
    void *user;              /* passed to on_ply */
    /* Optional stop signal: a file descriptor (an eventfd or a pipe's read
     * end, owned by the caller) that becomes readable when the game must
     * end. It is in every poll set of the game, so the game ends at once
     * with REF_REASON_ABORTED (bots ended and reaped). The referee never
     * reads from it: one fd made readable stops every game that watches it.
     * -1 (the default): never stopped. */
    int stop_fd;
    /* Optional opening: plies applied by the referee from the initial
     * position before the bots play (not played by the bots; they count
     * toward limits.max_plies, the game being CodinGame's game that began with
     * them). Each bot's first input shows the position after it, with
     * lastMove its last move; after an odd number of plies white is the
     * first bot to move. NULL / 0: none. Borrowed for the call; must pass
     * ref_opening_check() and be shorter than limits.max_plies. */
    const loa_move *opening;
    int opening_plies;
    /* How turns are timed (ref_time_mode; default REF_TIME_WALL, as
     * CodinGame). */
    ref_time_mode time_mode;
    /* REF_TIME_CPU only: how CPU time is measured (default REF_CPU_AUTO). */
    ref_cpu_method cpu_method;
} ref_config;

/* 0 when bubblewrap (`bwrap`, Debian package bubblewrap) is in PATH and
 * makes the sandbox (a run of `exit 0` in it, a few ms: bubblewrap cannot
 * where the kernel lets no user namespace be made), so that a sandboxed
 * bot can start; else REF_E_SANDBOX with err (may be NULL) saying what to
 * install, or REF_E_SANDBOX_UNUSABLE with err saying what bubblewrap said.
 * Thread-safe. */
int ref_sandbox_check(char *err, size_t errsz);

/* "off", "read-only" or "writable-cwd". Static string. */
const char *ref_sandbox_name(ref_sandbox s);

/* Fills *c with the CodinGame defaults: 1000 ms, 150 ms, 150 plies, seed 0,
 * no callback, players zeroed, stop_fd -1, no opening, wall-clock timing,
 * no margin. Start every config from it. */
void ref_config_init(ref_config *c);

/* Once per process before games run, before its threads (in the process
 * that runs them: the second and third parts are not inherited by fork):
 * ignores SIGPIPE (a bot that closes its stdin must not kill the referee),
 * makes the process a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so
 * that whatever a bot started and moved out of its process group (setsid,
 * setpgid) comes back here and is killed and reaped when its game ends
 * (the process's own other children, its process group, are never
 * touched: referee/src/orphans.h), and starts the process's watchdog: a
 * child in a session of its own (`loa-watchdog` in ps) that ends every
 * running bot when this process dies, even by SIGKILL
 * (referee/src/watch.h). Without this call the first game starts the
 * watchdog. Idempotent; returns 0 or REF_E_SYSTEM (SIGPIPE; a refused
 * subreaper is not an error, nor is a watchdog that cannot start here: the
 * games then end as referee_error, unless a later start succeeds). */
int ref_global_init(void);

typedef struct ref_game ref_game; /* a played game: result, plies, metadata */

/* Checks an opening: moves[0..n) must each be legal in turn from the
 * initial position (LOA_MOVE_PASS only when the side to move has no move),
 * and no position after any of them may be won (the game would be over
 * before the bots play). 0 <= n <= REF_OPENING_MAX. Returns 0, or
 * REF_E_OPENING with err naming the ply, the move and why ("ply 3 'a2a9':
 * not a legal move here"), or REF_E_INVAL (NULL moves with n > 0).
 * Rules: docs/rules.md. Thread-safe. */
int ref_opening_check(const loa_move *moves, int n, char *err, size_t errsz);

/* Parses an opening written as moves (`e2e3` or `pass`) separated by spaces
 * or commas ("b1d3 a2c2", "b1d3,a2c2"; empty text: no ply) into
 * moves[0..*n), at most cap, and checks it (ref_opening_check). Returns 0,
 * or REF_E_OPENING with err naming the ply and the bad text ("ply 2
 * 'a2c9': not a move (e2e3 or pass)"; more than cap plies), or
 * REF_E_INVAL (a NULL argument). Thread-safe. */
int ref_opening_parse(const char *text, loa_move *moves, int cap, int *n, char *err, size_t errsz);

/* Writes moves[0..n) as `e2e3` words separated by single spaces into
 * buf[size] ("" for n = 0; cut to fit, always NUL-terminated when size > 0;
 * REF_OPENING_TEXT_MAX holds any opening). Returns buf. */
char *ref_opening_format(const loa_move *moves, int n, char *buf, size_t size);

/* Plays one game. Starts both bots (black's first input is written only once
 * both are started), runs turns until a result, ends both process groups
 * (SIGTERM, a short grace, SIGKILL) and reaps them; no process outlives the
 * call. On success returns 0 and *out owns the game (free with
 * ref_game_free) whatever the result, including REF_REASON_REFEREE_ERROR.
 * Returns REF_E_INVAL for a bad config (also a negative limits.wall_cap_ms or
 * limits.time_margin_ms, an unknown time mode or CPU method), REF_E_OPENING
 * for an opening that fails ref_opening_check() or is not shorter than
 * limits.max_plies,
 * REF_E_CPU for REF_TIME_CPU with REF_CPU_CGROUP where ref_cpu_method_probe()
 * says proc (nothing started, *out NULL), or
 * REF_E_NOMEM when not even the game could be allocated (*out is then
 * NULL). Thread-safe (one config and
 * game per call). */
int ref_game_run(const ref_config *cfg, ref_game **out);

void ref_game_free(ref_game *g);

const ref_result *ref_game_result(const ref_game *g);
int ref_game_ply_count(const ref_game *g);
const ref_ply *ref_game_ply(const ref_game *g, int i); /* 0 <= i < count */
int64_t ref_game_seed(const ref_game *g);
/* Start time, seconds since the Unix epoch (UTC). */
int64_t ref_game_start_time(const ref_game *g);
/* Wall-clock length of ref_game_run() in microseconds (monotonic clock),
 * starting and ending both bots included. */
int64_t ref_game_duration_us(const ref_game *g);
/* The time mode the game was played in, and for REF_TIME_CPU the method
 * that measured it (REF_CPU_CGROUP or REF_CPU_PROC; REF_CPU_AUTO in wall
 * mode). */
ref_time_mode ref_game_time_mode(const ref_game *g);
ref_cpu_method ref_game_cpu_method(const ref_game *g);
/* The game's opening: its plies (owned by g; *moves may be NULL when
 * there are none) and their number. */
int ref_game_opening(const ref_game *g, const loa_move **moves);
const char *ref_game_player_name(const ref_game *g, int player);
const char *ref_game_player_command(const ref_game *g, int player);

/* The full record as JSON (schema in docs/record.md): seed, start time,
 * players, plies, `moves` (applied moves as strings), `result`. The caller
 * owns the returned tree (cJSON_Delete). NULL on out of memory. */
cJSON *ref_game_to_json(const ref_game *g);

/* The record's top level without its plies: as ref_game_to_json, with the
 * members "moves", "plies", "scores" and "errors" in their places but
 * null. For a store that keeps the plies its own way (loa-arena's league
 * database) and builds the rest from them; half the cost of the record.
 * The caller owns the tree. NULL on out of memory. */
cJSON *ref_game_to_json_head(const ref_game *g);

/* Writes the JSON record to path atomically (temp file in the same
 * directory, fsync, rename). Returns 0, REF_E_IO or REF_E_NOMEM. */
int ref_game_write_json(const ref_game *g, const char *path);

/* Writes the tag-pair text record (Event, Site, Date, Round, Black, White,
 * Result, Seed; numbered moves, {comments}, result). olympiad != 0 writes
 * moves as E2-E3. Returns 0 or REF_E_IO. */
int ref_game_write_text(const ref_game *g, FILE *out, int olympiad);

/* Stable lower-case name of a reason ("timeout", ...), as in records;
 * "none" for a value outside the table. Static storage; thread-safe. */
const char *ref_reason_name(ref_reason r);
/* Parses a name back; REF_REASON_NONE for an unknown name or NULL. */
ref_reason ref_reason_from_name(const char *name);
/* 1 if the reason blames a bot (timeout, invalid_*, crashed, closed_output,
 * failed_to_start), from REF_REASON_MAP; 0 otherwise. */
int ref_reason_is_fault(ref_reason r);
/* The reason's description from REF_REASON_MAP ("pass while legal moves
 * exist", ...); "" for a value outside the table. Static storage. */
const char *ref_reason_describe(ref_reason r);

/* Fixed English sentence for a REF_E_* code from REF_ERROR_MAP ("success"
 * for 0, "unknown referee error" otherwise). Static storage; thread-safe. */
const char *ref_strerror(int code);

#ifdef __cplusplus
}
#endif
#endif
