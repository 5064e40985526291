/* fuzz_analysis - an analysis file (replay/analysis.h, any bytes) read
 * against a game of five plies: never a crash; a file it accepts writes
 * back to one that reads back the same (every position and judgement). */
#include <stdint.h>

#include "fuzz.h"
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "replay/analysis.h"

/* The game of tests/fuzz/corpus/analysis/ (a hand-written record: moves
 * alone, aborted). */
static const char record[] =
    "{\"format\":\"loa-arena-record\",\"version\":1,\"seed_text\":\"1\","
    "\"limits\":{\"first_turn_ms\":1000,\"turn_ms\":150,\"max_plies\":150},"
    "\"players\":[{\"name\":\"black-bot\",\"command\":null},{\"name\":\"white-bot\",\"command\":"
    "null}],"
    "\"moves\":[\"b1b3\",\"a2c2\",\"g1g3\",\"h2f2\",\"d1d3\"],\"plies\":[],\"opening\":\"\","
    "\"result\":{\"winner\":null,\"reason\":\"aborted\",\"fault\":null,\"detail\":\"-\",\"scores\":"
    "[0,0]}}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static replay_game *g;
    char err[512];
    if (!g && replay_game_parse(record, sizeof record - 1, "game", &g, err, sizeof err) != 0)
        abort();
    replay_analysis *a, *back;
    if (replay_analysis_parse(g, (const char *)data, size, "fuzz.json", &a, err, sizeof err) != 0)
        return 0;
    cJSON *json;
    if (replay_analysis_to_json(a, g, &json, err, sizeof err) != 0)
        abort();
    char *text = cJSON_PrintUnformatted(json);
    cJSON_Delete(json);
    if (!text ||
        replay_analysis_parse(g, text, strlen(text), "back.json", &back, err, sizeof err) != 0)
        abort();
    for (int n = 0; n <= a->plies; n++)
        if (memcmp(&a->positions[n], &back->positions[n], sizeof a->positions[n]) != 0)
            abort();
    for (int n = 0; n < a->plies; n++)
        if (a->moves[n].mark != back->moves[n].mark || a->moves[n].drop != back->moves[n].drop)
            abort();
    cJSON_free(text);
    replay_analysis_free(back);
    replay_analysis_free(a);
    return 0;
}
