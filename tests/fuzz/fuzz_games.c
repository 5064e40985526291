/* fuzz_games - a games.jsonl line as resume reads it (any bytes): never a
 * crash or an out-of-range conversion; a line it accepts writes back to a
 * line that reads as the same game (resume never changes a game). */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "league/record.h"
#include "league/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static arena_settings s;
    static int ready;
    if (!ready) {
        arena_settings_init(&s);
        arena_settings_add_bot(&s, "a", "x", NULL, NULL, 0);
        arena_settings_add_bot(&s, "b", "y", NULL, NULL, 0);
        ready = 1;
    }
    cJSON *j = cJSON_ParseWithLength((const char *)data, size);
    if (!j)
        return 0;
    arena_game_record r, back;
    char err[256];
    if (arena_record_from_json(j, &s, &r, err, sizeof err) == 0) {
        cJSON *again = arena_record_to_json(&r, &s);
        if (!again || arena_record_from_json(again, &s, &back, err, sizeof err) != 0 ||
            back.id != r.id || back.winner != r.winner || back.reason != r.reason ||
            back.black != r.black || back.white != r.white || back.plies != r.plies ||
            back.seed != r.seed || back.moves_hash != r.moves_hash || back.fault != r.fault)
            abort();
        cJSON_Delete(again);
    }
    cJSON_Delete(j);
    return 0;
}
