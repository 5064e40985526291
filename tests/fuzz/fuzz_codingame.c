/* fuzz_codingame - a game file as loa-replay reads it (any bytes): a
 * loa-arena record, or a game recorded by CodinGame (its engine's result,
 * its site's replay) replayed under the rules. Never a crash; a file it
 * accepts becomes a record that reads back as the same game. */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "replay/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    replay_game *g, *back;
    char err[512];
    if (replay_game_parse((const char *)data, size, "fuzz.json", &g, err, sizeof err) != 0)
        return 0;
    char *text = cJSON_PrintUnformatted(replay_game_record(g));
    if (!text || replay_game_parse(text, strlen(text), "back.json", &back, err, sizeof err) != 0)
        abort();
    const replay_info *a = replay_game_info(g), *b = replay_game_info(back);
    if (a->plies != b->plies || strcmp(a->reason, b->reason) != 0 ||
        strcmp(replay_game_board(g, a->plies), replay_game_board(back, b->plies)) != 0)
        abort();
    cJSON_free(text);
    replay_game_free(back);
    replay_game_free(g);
    return 0;
}
