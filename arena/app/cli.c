/* cli.c - loa-arena's command line: argv and a league file become a
 * request (app/cli.h). */
#include "app/cli.h"
#include "app/cli_impl.h"
#include "app/cli_options.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli_words.h"
#include "core/error.h"
#include "core/text.h"
#include "league/league_file.h"
#include "league/setting.h"
#include "league/settings_check.h"
#include "league/settings_identity.h"
#include "util/text.h"

/* ---- the request ---- */

void arena_cli_clear(arena_request *req)
{
    arena_settings_clear(&req->settings);
    free(req->league_file);
    free(req->dir);
    free(req->listen);
    for (int i = 0; i < req->dir_count; i++)
        free(req->dirs[i]);
    free(req->dirs);
    for (int i = 0; i < req->change_count; i++) {
        free((char *)req->changes[i].name);
        free((char *)req->changes[i].command);
        free((char *)req->changes[i].cwd);
    }
    free(req->changes);
    for (int i = 0; i < req->exclude_count; i++)
        free(req->exclude[i]);
    free(req->exclude);
    free(req->filter);
    free(req->opening);
    free(req->metrics_only);
    memset(req, 0, sizeof *req);
}

/* A second task besides req's: refused, naming the one that reads a
 * directory and plays nothing (as --merge, then --html, say). */
static int second_task(const arena_request *req, arena_task task, char *err, size_t errsz)
{
    if (task == ARENA_TASK_RUN || req->task == ARENA_TASK_RUN || req->task == task)
        return 0;
    if (req->task == ARENA_TASK_MERGE || task == ARENA_TASK_MERGE)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--merge OUT DIR... takes only result directories (and --pages, "
                         "--quiet)");
    return util_fail(ARENA_E_CONFIG, err, errsz,
                     "--html DIR takes nothing else (it reads DIR, plays nothing)");
}

/* One option of the app's (not a setting). Returns 0 or an error. */
static int app_option(arena_request *req, int opt, char *err, size_t errsz)
{
    arena_task task = opt == ARENA_OPT_STANDINGS ? ARENA_TASK_STANDINGS
                      : opt == ARENA_OPT_HTML    ? ARENA_TASK_HTML
                      : opt == ARENA_OPT_SERVE   ? ARENA_TASK_SERVE
                      : opt == ARENA_OPT_MERGE   ? ARENA_TASK_MERGE
                                                 : ARENA_TASK_RUN;
    int rc = second_task(req, task, err, errsz);
    if (rc)
        return rc;
    switch (opt) {
    case 'q': req->quiet = 1; return 0;
    case 'h': req->help = 1; return 0;
    case 'V': req->version = 1; return 0;
    case ARENA_OPT_FORCE_NEW: req->force_new = 1; return 0;
    case ARENA_OPT_KEEP_GOING: req->keep_going = 1; return 0;
    case ARENA_OPT_EXTEND: req->settings.extend = 1; return 0;
    case ARENA_OPT_STANDINGS: req->task = ARENA_TASK_STANDINGS; break;
    case ARENA_OPT_HTML: req->task = ARENA_TASK_HTML; break;
    case ARENA_OPT_SERVE: req->task = ARENA_TASK_SERVE; break;
    case ARENA_OPT_LISTEN:
        free(req->listen);
        return (req->listen = strdup(optarg)) ? 0 : ARENA_E_NOMEM;
    case ARENA_OPT_MERGE: req->task = ARENA_TASK_MERGE; break;
    case ARENA_OPT_ADD_BOT: return arena_cli_push_change(req, ARENA_CHANGE_ADD, optarg, err, errsz);
    case ARENA_OPT_REPLACE_BOT:
        return arena_cli_push_change(req, ARENA_CHANGE_REPLACE, optarg, err, errsz);
    case ARENA_OPT_RETIRE:
        return arena_cli_push_change(req, ARENA_CHANGE_RETIRE, optarg, err, errsz);
    case ARENA_OPT_NO_SNAPSHOT: req->no_snapshot = 1; return 0;
    case ARENA_OPT_METRICS:
        req->metrics = 1;
        free(req->metrics_only);
        req->metrics_only = NULL;
        return !optarg || (req->metrics_only = strdup(optarg)) ? 0 : ARENA_E_NOMEM;
    case ARENA_OPT_EXCLUDE: return arena_cli_push_word(&req->exclude, &req->exclude_count, optarg);
    case ARENA_OPT_FILTER:
    case ARENA_OPT_OPENING: {
        char **dst = opt == ARENA_OPT_FILTER ? &req->filter : &req->opening;
        free(*dst);
        return (*dst = strdup(optarg)) ? 0 : ARENA_E_NOMEM;
    }
    case ARENA_OPT_ANALYSE:
        if (arena_analyse_from_name(optarg, &req->analyse))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--analyse: '%s' is not lost, faults or all", optarg);
        return 0;
    default: return util_fail(ARENA_E_CONFIG, err, errsz, "unknown option (see --help)");
    }
    free(req->dir); /* the task's directory, printed without detours */
    return (req->dir = util_path_tidy(optarg)) ? 0 : ARENA_E_NOMEM;
}

/* The getopt_long loop: the app's options into req, the settings' (and
 * --bot) into *f, in order. Leaves optind at the first operand. */
static int read_options(int argc, char **argv, arena_request *req, flags *f, char *err,
                        size_t errsz)
{
    struct option opts[ARENA_CLI_MAX_OPTIONS];
    char shorts[64], all[70];
    arena_cli_option_table(opts, shorts, sizeof shorts);
    snprintf(all, sizeof all, ":%s", shorts);
    int rc = 0, opt, index = -1;
    optind = 0; /* GNU: full re-initialisation, so tests may parse repeatedly */
    opterr = 0;
    while (!rc && (opt = getopt_long(argc, argv, all, opts, &index)) != -1) {
        const arena_setting *row = NULL;
        if (opt == '?' && optopt)
            return util_fail(ARENA_E_CONFIG, err, errsz, "unknown option '-%c' (see --help)",
                             optopt);
        if (opt == '?')
            return util_fail(ARENA_E_CONFIG, err, errsz, "unknown option '%s' (see --help)",
                             argv[optind - 1]);
        if (opt == ':')
            return util_fail(ARENA_E_CONFIG, err, errsz, "option '%s' needs a value",
                             argv[optind - 1]);
        for (int i = 0; i < ARENA_SETTING_COUNT && !row; i++)
            if (opt == ARENA_OPT_SETTING + i || opt == arena_setting_table[i].letter)
                row = &arena_setting_table[i];
        if (opt == ARENA_OPT_SANDBOX_RW)
            row = ROW(SANDBOX);
        if (row || opt == 'b')
            f->v[f->n++] = (flag){row, opt == ARENA_OPT_SANDBOX_RW ? "sandbox-rw" : NULL, optarg};
        else
            rc = app_option(req, opt, err, errsz);
    }
    return rc;
}

/* `--out DIR` without a league file or bots: DIR's own league, read from
 * DIR/league.json (resumed, or extended by --games N); a DIR without one
 * (a mistyped directory) is said as such, not as a league of no bots. */
static int own_league(arena_request *req, const flags *f, char *err, size_t errsz)
{
    const char *out = NULL;
    for (int i = 0; i < f->n; i++) {
        if (!f->v[i].row)
            return 0;
        if (f->v[i].row == ROW(OUT))
            out = f->v[i].arg;
    }
    char *own = out ? util_path_join(out, "league.json") : NULL;
    if (own && access(own, F_OK) == 0) {
        req->league_file = own;
        req->out_league = 1;
        return 0;
    }
    free(own);
    if (out && !own)
        return ARENA_E_NOMEM;
    if (out)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s holds no league (no %s/league.json): --out DIR alone resumes a "
                         "league; to start one, give its bots (--bot NAME=COMMAND, two at least) "
                         "or a league file",
                         out, out);
    return 0;
}

/* The league asked for: its file, then the options over it; an SPRT's
 * maximum, the directory of a flag league. */
static int league(arena_request *req, const flags *f, char *err, size_t errsz)
{
    arena_settings *s = &req->settings;
    int rc = req->league_file ? 0 : own_league(req, f, err, errsz);
    if (!rc && req->league_file)
        rc = arena_settings_load_file(s, req->league_file, err, errsz);
    else if (!rc)
        rc = arena_set_string(&s->base_dir, ".");
    if (!rc && req->league_file && s->bot_count > 0 && arena_cli_has_flag(f, NULL))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--bot cannot be combined with a league file: add the bot to its "
                         "\"bots\"");
    if (!rc)
        rc = arena_cli_apply_all(req, f, err, errsz);
    /* An SPRT runs until a bound is crossed: without a count, the maximum
     * is large (the schedule appends, so it costs nothing until played). */
    if (!rc && s->sprt && !s->games_given)
        s->games = ARENA_SPRT_GAMES_DEFAULT;
    if (!rc && !s->out_dir && s->bot_count >= 2) {
        /* flags only: a directory of this league's own, never one shared
         * with every other flag league */
        if (!(s->out_dir = arena_settings_default_out(s)))
            rc = ARENA_E_NOMEM;
        req->out_derived = 1;
    }
    return rc;
}

/* The league checked as a whole (naming the file it came from), and its
 * openings read: a bad line is bad input (exit 2) before anything runs. */
static int check_league(arena_request *req, char *err, size_t errsz)
{
    int rc = arena_settings_validate(&req->settings, err, errsz);
    if (rc && req->league_file) {
        char tmp[512];
        snprintf(tmp, sizeof tmp, "%s", err);
        util_fail(rc, err, errsz, "%s: %s", req->league_file, tmp);
    }
    if (!rc)
        rc = arena_settings_openings(&req->settings, &req->settings.openings, err, errsz);
    return rc;
}

/* The operands and the task: --merge's directories, else one league file. */
static int operands(arena_request *req, const flags *f, int argc, char **argv, char *err,
                    size_t errsz)
{
    if (req->task == ARENA_TASK_MERGE)
        return arena_cli_merge_request(req, f, argc, argv, err, errsz);
    if (argc - optind > 1)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "more than one league file given ('%s' and '%s')", argv[optind],
                         argv[optind + 1]);
    if (optind < argc && arena_set_string(&req->league_file, argv[optind]))
        return ARENA_E_NOMEM;
    if (req->task == ARENA_TASK_RUN && req->change_count)
        req->task = ARENA_TASK_CHANGE;
    if (req->no_snapshot && req->task != ARENA_TASK_RUN && req->task != ARENA_TASK_CHANGE)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--no-snapshot goes with a league that runs (its new bots)");
    if (req->help || req->version)
        req->task = req->help ? ARENA_TASK_HELP : ARENA_TASK_VERSION;
    return 0;
}

static int parse_args(int argc, char **argv, arena_request *req, char *err, size_t errsz)
{
    flags f = {calloc((size_t)argc + 1, sizeof *f.v), 0};
    if (!f.v)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int rc = read_options(argc, argv, req, &f, err, errsz);
    if (!rc)
        rc = operands(req, &f, argc, argv, err, errsz);
    int more = !rc && req->task != ARENA_TASK_MERGE && req->task != ARENA_TASK_HELP &&
               req->task != ARENA_TASK_VERSION;
    if (more)
        rc = arena_cli_task_options(req, &f, err, errsz);
    int runs = req->task == ARENA_TASK_RUN || req->task == ARENA_TASK_CHANGE;
    if (more && !rc && runs && !(rc = league(req, &f, err, errsz)))
        rc = check_league(req, err, errsz);
    if (more && !rc && runs)
        rc = arena_cli_run_options(req, err, errsz);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    free(f.v);
    return rc;
}

int arena_cli_parse(int argc, char **argv, arena_request *req, char *err, size_t errsz)
{
    memset(req, 0, sizeof *req);
    arena_settings_init(&req->settings);
    /* `loa-arena serve DIR ...` is `loa-arena --serve DIR ...` */
    char *served[argc > 1 ? argc + 1 : 1];
    if (argc > 1 && strcmp(argv[1], "serve") == 0) {
        served[0] = argv[0];
        served[1] = "--serve";
        for (int i = 2; i <= argc; i++)
            served[i] = argv[i];
        argv = served;
    }
    arena_cli_words w;
    int rc = arena_cli_words_translate(argc, argv, &w, err, errsz);
    if (rc)
        return rc;
    rc = parse_args(w.argc, w.argv, req, err, errsz);
    arena_cli_words_free(&w);
    return rc;
}
