/* cli_tasks.c - what each task of the command line takes: --merge's
 * operands, --standings, --html, the changes of a league (--add-bot,
 * --replace-bot, --retire), the run's options (app/cli_impl.h). */
#include "app/cli_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/limits.h"
#include "league/setting.h"
#include "util/text.h"

/* Appends a copy of w to the list *v of *n words. 0 or ARENA_E_NOMEM. */
int arena_cli_push_word(char ***v, int *n, const char *w)
{
    char **p = realloc(*v, sizeof *p * (size_t)(*n + 1));
    if (!p)
        return ARENA_E_NOMEM;
    *v = p;
    if (!(p[*n] = strdup(w)))
        return ARENA_E_NOMEM;
    (*n)++;
    return 0;
}

/* A change asked of DIR's league: --add-bot NAME=COMMAND, --replace-bot
 * NAME=COMMAND (the words of --bot), --retire NAME. 0, ARENA_E_CONFIG or
 * ARENA_E_NOMEM. */
int arena_cli_push_change(arena_request *req, arena_change_op op, const char *arg, char *err,
                          size_t errsz)
{
    arena_change *v = realloc(req->changes, sizeof *v * (size_t)(req->change_count + 1));
    if (!v)
        return ARENA_E_NOMEM;
    req->changes = v;
    arena_change *c = &v[req->change_count];
    memset(c, 0, sizeof *c);
    c->op = op;
    if (op == ARENA_CHANGE_RETIRE) {
        if (!*arg)
            return util_fail(ARENA_E_CONFIG, err, errsz, "--retire: the bot name is empty");
        if (!(c->name = strdup(arg)))
            return ARENA_E_NOMEM;
        req->change_count++;
        return 0;
    }
    arena_settings one; /* NAME=COMMAND judged as --bot's */
    arena_settings_init(&one);
    int rc = arena_settings_add_bot_arg(&one, arg, err, errsz);
    if (rc == ARENA_E_CONFIG) { /* --bot's message, named after the option given */
        char tmp[512];
        snprintf(tmp, sizeof tmp, "%s", err);
        util_fail(rc, err, errsz, "%s%s",
                  op == ARENA_CHANGE_REPLACE ? "--replace-bot" : "--add-bot",
                  strchr(tmp, ' ') ? strchr(tmp, ' ') : "");
    }
    if (rc == 0 &&
        (!(c->name = strdup(one.bots[0].name)) || !(c->command = strdup(one.bots[0].command))))
        rc = ARENA_E_NOMEM;
    if (rc == 0)
        req->change_count++;
    else {
        free((char *)c->name);
        free((char *)c->command);
    }
    arena_settings_clear(&one);
    return rc;
}

int arena_cli_has_flag(const flags *f, const arena_setting *row)
{
    for (int i = 0; i < f->n; i++)
        if (f->v[i].row == row)
            return 1;
    return 0;
}

/* 1 when every flag is --bot (bots 1) or one of the n rows listed. */
static int only_rows(const flags *f, int bots, const arena_setting *const *rows, int n)
{
    for (int i = 0; i < f->n; i++) {
        const arena_setting *r = f->v[i].row;
        int listed = 0;
        for (int k = 0; k < n && r; k++)
            listed |= r == rows[k];
        if (r ? !listed : !bots)
            return 0;
    }
    return 1;
}

/* 1 when every flag is --bot (bots 1) or one of the rows listed. */
static int only_flags(const flags *f, int bots, const arena_setting *a, const arena_setting *b,
                      const arena_setting *c)
{
    const arena_setting *rows[] = {a, b, c};
    return only_rows(f, bots, rows, 3);
}

int arena_cli_apply(arena_request *req, const flag *f, char *err, size_t errsz)
{
    arena_settings *s = &req->settings;
    if (!f->row)
        return arena_settings_add_bot_arg(s, f->arg, err, errsz);
    if (f->row == ROW(GAUNTLET_BOT))
        s->format = ARENA_FORMAT_GAUNTLET; /* the option implies the format */
    if (f->row == ROW(ANCHOR))
        req->anchor_set = 1;
    return arena_setting_from_text(s, f->row, f->name, f->arg, err, errsz);
}

int arena_cli_apply_all(arena_request *req, const flags *f, char *err, size_t errsz)
{
    int rc = 0;
    for (int i = 0; i < f->n && !rc; i++)
        rc = arena_cli_apply(req, &f->v[i], err, errsz);
    return rc;
}

/* --merge OUT DIR...: every operand is a directory; only --pages (and
 * --quiet) go with it. */
int arena_cli_merge_request(arena_request *req, const flags *f, int argc, char **argv, char *err,
                            size_t errsz)
{
    if (!only_flags(f, 0, ROW(PAGES), NULL, NULL) || req->force_new)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--merge OUT DIR... takes only result directories (and --pages, "
                         "--quiet)");
    int rc = arena_cli_apply_all(req, f, err, errsz);
    if (!rc && optind >= argc)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--merge %s: no result directory to merge (--merge OUT DIR...)", req->dir);
    for (int i = optind; !rc && i < argc; i++) {
        char *tidy = util_path_tidy(argv[i]);
        rc = tidy ? arena_cli_push_word(&req->dirs, &req->dir_count, tidy) : ARENA_E_NOMEM;
        free(tidy);
    }
    return rc;
}

/* What the tasks that read a directory take: --html DIR nothing else,
 * --standings DIR only --anchor and --exclude, --add-bot only --out and
 * --concurrency (and the run's flags). */
int arena_cli_task_options(arena_request *req, const flags *f, char *err, size_t errsz)
{
    if (req->analyse && req->task != ARENA_TASK_RUN && req->task != ARENA_TASK_CHANGE)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--analyse goes with a league to play (loa-analyse DIR analyses a "
                         "played one)");
    if (req->task == ARENA_TASK_HTML && (req->league_file || f->n || req->force_new))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--html DIR takes nothing else (it reads DIR, plays nothing)");
    if (req->task == ARENA_TASK_SERVE && (req->league_file || f->n || req->force_new))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "serve DIR takes only --listen ADDR:PORT (it reads DIR, plays nothing)");
    if (req->listen && req->task != ARENA_TASK_SERVE)
        return util_fail(ARENA_E_CONFIG, err, errsz, "--listen goes with serve DIR");
    if (req->task == ARENA_TASK_STANDINGS) {
        if (req->league_file)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--standings DIR takes no league file (it reads DIR/league.json)");
        if (req->change_count)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--standings DIR takes no --add-bot, --replace-bot, --retire");
        if (!only_flags(f, 0, ROW(ANCHOR), NULL, NULL))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--standings DIR only combines with --anchor, --exclude, --filter, "
                             "--opening and --metrics");
        return arena_cli_apply_all(req, f, err, errsz);
    }
    if (req->metrics)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--metrics goes with --standings DIR (it prints the league's metrics)");
    if (req->filter || req->opening)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--filter and --opening restrict printed standings: --standings DIR "
                         "--filter EXPR");
    if (req->exclude_count)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--exclude NAME only changes printed standings: --standings DIR "
                         "--exclude NAME");
    if (req->task != ARENA_TASK_CHANGE)
        return 0;
    /* the league is DIR's (its league.json, read as --out DIR alone
     * reads it): only the run's options */
    static const arena_setting *const run_rows[] = {
        ROW(OUT),   ROW(CONCURRENCY), ROW(SANDBOX), ROW(CONTINUOUS), ROW(RATING_INTERVAL),
        ROW(PAGES), ROW(AFFINITY)};
    if (!only_rows(f, 0, run_rows, (int)(sizeof run_rows / sizeof run_rows[0])))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--add-bot, --replace-bot and --retire change DIR's league (--out DIR) "
                         "and take only the run's options (--concurrency, --continuous, "
                         "--quiet, --keep-going, --no-snapshot, ...)");
    if (req->league_file)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--add-bot takes no league file: list the bot in the file and use "
                         "--extend");
    int rc = 0;
    for (int i = 0; i < f->n && !rc; i++)
        if (f->v[i].row == ROW(OUT))
            rc = arena_cli_apply(req, &f->v[i], err, errsz);
    if (!rc && !req->settings.out_dir)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--add-bot, --replace-bot and --retire need --out DIR, the league to "
                         "change");
    char *own = rc ? NULL : util_path_join(req->settings.out_dir, "league.json");
    if (!rc && !own)
        return ARENA_E_NOMEM;
    if (!rc && access(own, F_OK) != 0)
        rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s holds no league (no league.json)",
                       req->settings.out_dir);
    if (!rc) {
        req->league_file = own; /* read by league() */
        req->out_league = 1;
        own = NULL;
    }
    free(own);
    return rc;
}

/* What the run's options make of the league: --no-snapshot on its bots
 * that have no copy; continuous mode's interim standings; a task of
 * --retire only plays nothing. */
int arena_cli_run_options(arena_request *req, char *err, size_t errsz)
{
    arena_settings *s = &req->settings;
    for (int i = 0; req->no_snapshot && i < s->bot_count; i++)
        if (!s->bots[i].snapshot)
            s->bots[i].no_snapshot = 1;
    for (int i = 0; i < req->change_count; i++)
        req->changes[i].no_snapshot = req->no_snapshot;
    if (s->continuous && !s->rating_interval)
        s->rating_interval = ARENA_CONTINUOUS_RATING_INTERVAL;
    req->apply_only = req->task == ARENA_TASK_CHANGE;
    for (int i = 0; i < req->change_count; i++)
        req->apply_only &= req->changes[i].op == ARENA_CHANGE_RETIRE;
    if (!req->no_snapshot)
        return 0;
    /* a bot that is not copied runs where its command was typed */
    char *here = getcwd(NULL, 0);
    int rc = here ? 0 : util_fail(ARENA_E_IO, err, errsz, "cannot read the current directory");
    for (int i = 0; !rc && i < req->change_count; i++)
        if (req->changes[i].op != ARENA_CHANGE_RETIRE && !(req->changes[i].cwd = strdup(here)))
            rc = ARENA_E_NOMEM;
    free(here);
    return rc;
}
