/* cli_options.c - loa-arena's options (app/cli_options.h): getopt_long's
 * table, the settings' options from their table and the app's own, and
 * which of them take a value. Below cli.c (getopt) and cli_words.c (a
 * value is never read as a word), which both call it. */
#include "app/cli_options.h"

#include <stdio.h>
#include <string.h>

#include "league/setting.h"

/* The options that are not settings of the league. */
static const struct option app_options[] = {
    {"bot", required_argument, NULL, 'b'},
    {"add-bot", required_argument, NULL, ARENA_OPT_ADD_BOT},
    {"replace-bot", required_argument, NULL, ARENA_OPT_REPLACE_BOT},
    {"retire", required_argument, NULL, ARENA_OPT_RETIRE},
    {"no-snapshot", no_argument, NULL, ARENA_OPT_NO_SNAPSHOT},
    {"extend", no_argument, NULL, ARENA_OPT_EXTEND},
    {"force-new", no_argument, NULL, ARENA_OPT_FORCE_NEW},
    {"keep-going", no_argument, NULL, ARENA_OPT_KEEP_GOING},
    {"exclude", required_argument, NULL, ARENA_OPT_EXCLUDE},
    {"merge", required_argument, NULL, ARENA_OPT_MERGE},
    {"analyse", required_argument, NULL, ARENA_OPT_ANALYSE},
    {"standings", required_argument, NULL, ARENA_OPT_STANDINGS},
    {"filter", required_argument, NULL, ARENA_OPT_FILTER},
    {"opening", required_argument, NULL, ARENA_OPT_OPENING},
    {"metrics", optional_argument, NULL, ARENA_OPT_METRICS},
    {"html", required_argument, NULL, ARENA_OPT_HTML},
    {"serve", required_argument, NULL, ARENA_OPT_SERVE},
    {"listen", required_argument, NULL, ARENA_OPT_LISTEN},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
};
#define APP_OPTIONS (sizeof app_options / sizeof app_options[0])
/* The app's short options; the settings' letters are added to them. */
#define APP_SHORT "b:qhV"

_Static_assert(APP_OPTIONS == ARENA_CLI_APP_OPTIONS, "cli_options.h's count of app_options");

void arena_cli_option_table(struct option *opts, char *shorts, size_t shorts_size)
{
    int n = 0;
    size_t k = 0;
    for (int i = 0; i < ARENA_SETTING_COUNT; i++) {
        const arena_setting *r = &arena_setting_table[i];
        if (!r->option)
            continue;
        int bare = r->type == ARENA_VALUE_FLAG || r->type == ARENA_VALUE_SANDBOX;
        opts[n++] = (struct option){r->option, bare ? no_argument : required_argument, NULL,
                                    ARENA_OPT_SETTING + r->id};
        if (r->type == ARENA_VALUE_SANDBOX)
            opts[n++] = (struct option){"sandbox-rw", no_argument, NULL, ARENA_OPT_SANDBOX_RW};
        if (r->letter && k + 3 < shorts_size) {
            shorts[k++] = (char)r->letter;
            if (!bare)
                shorts[k++] = ':';
        }
    }
    for (size_t i = 0; i < APP_OPTIONS; i++)
        opts[n++] = app_options[i];
    opts[n] = (struct option){NULL, 0, NULL, 0};
    snprintf(shorts + k, shorts_size - k, "%s", APP_SHORT);
}

int arena_cli_takes_value(const char *a)
{
    struct option opts[ARENA_CLI_MAX_OPTIONS];
    char shorts[64];
    arena_cli_option_table(opts, shorts, sizeof shorts);
    if (a[0] == '-' && a[1] == '-') {
        for (const struct option *o = opts; o->name; o++)
            if (strcmp(a + 2, o->name) == 0)
                return o->has_arg == required_argument;
        return 0;
    }
    const char *p = a[0] == '-' && a[1] ? strchr(shorts, a[1]) : NULL;
    return p && p[1] == ':';
}
