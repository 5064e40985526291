/*
 * command.c - the loa-referee command line that plays a recorded game
 * again, and the default page path of a record.
 */
#include <stdlib.h>
#include <string.h>

#include "game_impl.h"
#include "loa/board.h"
#include "loa/turn.h"

/* Appends `s` single-quoted for /bin/sh ('' inside as '\''). */
static size_t quote(char *out, const char *s)
{
    size_t n = 0;
    out[n++] = '\'';
    for (; *s; s++) {
        if (*s == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *s;
        }
    }
    out[n++] = '\'';
    return n;
}

char *replay_game_command(const replay_game *g)
{
    if (!g)
        return NULL;
    const replay_info *in = &g->info;
    const char *args[12];
    int na = 0;
    /* A game from CodinGame does not say how its bots were run: words to
     * replace, and the same seed replays its `random` answers. */
    args[na++] = in->commands[0] ? in->commands[0] : "BLACK_BOT";
    args[na++] = in->commands[1] ? in->commands[1] : "WHITE_BOT";
    args[na++] = in->names[0];
    args[na++] = in->names[1];
    args[na++] = in->seed_text;
    size_t cap = 256;
    for (int i = 0; i < na; i++)
        cap += 4 * strlen(args[i]) + 3;
    cap += 4 * strlen(in->opening ? in->opening : "") + 16;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t n = 0;
    static const char *const flag[] = {"loa-referee -p1 ", " -p2 ", " --black-name ",
                                       " --white-name ", " --seed "};
    for (int i = 0; i < na; i++) {
        size_t fl = strlen(flag[i]);
        memcpy(out + n, flag[i], fl);
        n += fl;
        n += quote(out + n, args[i]);
    }
    /* Only the limits that differ from the referee's defaults, so the
     * usual command stays short. */
    if (in->first_turn_ms != LOA_FIRST_TURN_MS)
        n += (size_t)snprintf(out + n, cap - n, " --first-turn-ms %d", in->first_turn_ms);
    if (in->turn_ms != LOA_TURN_MS)
        n += (size_t)snprintf(out + n, cap - n, " --turn-ms %d", in->turn_ms);
    if (in->max_plies != LOA_MAX_PLIES)
        n += (size_t)snprintf(out + n, cap - n, " --max-plies %d", in->max_plies);
    if (in->opening_plies > 0) {
        memcpy(out + n, " --opening ", 11);
        n += 11;
        n += quote(out + n, in->opening);
    }
    out[n] = '\0';
    return out;
}

char *replay_default_output(const char *record_path)
{
    if (!record_path)
        return NULL;
    size_t len = strlen(record_path);
    if (len > 5 && strcmp(record_path + len - 5, ".json") == 0)
        len -= 5;
    char *out = malloc(len + 6);
    if (!out)
        return NULL;
    memcpy(out, record_path, len);
    memcpy(out + len, ".html", 6);
    return out;
}
