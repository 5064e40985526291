/*
 * check_replay_codingame_shapes - today's CodinGame files (issue 43), made
 * from the site-shaped fixtures (tests/fixtures/codingame) as the site and
 * the public tools save them: the wrapped answer of
 * services/gameResult/findInformationById ({puzzleId, ..., gameResult:
 * {...}}), also inside "success"; and the file of mrsombre/codingame-arena
 * (each frame's view, gameInformation and keyframe dropped, refereeInput
 * deleted, the seed a top-level "seed" string, plus league, source,
 * fetched_at and leaderboard), its seed also as a number. Each imports as
 * the same game as the bare replay; a wrong or unreadable seed, and a move
 * changed in the saved file, are refused naming what is wrong.
 */
#include <math.h>

#include "replay_codingame_test_util.h"

/* {puzzleId, puzzleTitle, questionTitle, shareable, viewer, gameResult}. */
static cJSON *information_of(cJSON *site)
{
    cJSON *w = cJSON_CreateObject();
    cJSON_AddNumberToObject(w, "puzzleId", 712);
    cJSON_AddStringToObject(w, "puzzleTitle", "Lines of Action");
    cJSON_AddStringToObject(w, "questionTitle", "Lines of Action");
    cJSON_AddTrueToObject(w, "shareable");
    cJSON_AddItemToObject(w, "viewer", cJSON_CreateObject());
    cJSON_AddItemToObject(w, "gameResult", site);
    return w;
}

/* The seed N of refereeInput "seed=N\n". */
static const char *seed_text(const cJSON *site, char *buf, size_t size)
{
    const char *ri = at(site, "refereeInput")->valuestring;
    ck_assert_msg(strncmp(ri, "seed=", 5) == 0, "%s", ri);
    snprintf(buf, size, "%.*s", (int)strcspn(ri + 5, "\r\n"), ri + 5);
    return buf;
}

/* mrsombre/codingame-arena's file of site; as_number: the seed a number. */
static cJSON *arena_file_of(cJSON *site, int as_number)
{
    char seed[64];
    seed_text(site, seed, sizeof seed);
    cJSON *f;
    cJSON_ArrayForEach(f, at(site, "frames"))
    {
        cJSON_DeleteItemFromObjectCaseSensitive(f, "view");
        cJSON_DeleteItemFromObjectCaseSensitive(f, "gameInformation");
        cJSON_DeleteItemFromObjectCaseSensitive(f, "keyframe");
    }
    cJSON_DeleteItemFromObjectCaseSensitive(site, "refereeInput");
    if (as_number)
        cJSON_AddNumberToObject(site, "seed", strtod(seed, NULL));
    else
        cJSON_AddStringToObject(site, "seed", seed);
    cJSON_AddStringToObject(site, "league", "gold");
    cJSON_AddStringToObject(site, "source", "last-battles");
    cJSON_AddStringToObject(site, "fetched_at", "2026-11-20T10:00:00Z");
    cJSON_AddItemToObject(site, "leaderboard", cJSON_CreateArray());
    return site;
}

/* 1 when the seed fits a double exactly (a number can carry it). */
static int seed_fits_a_double(const cJSON *site)
{
    char seed[64];
    double d = fabs(strtod(seed_text(site, seed, sizeof seed), NULL));
    return d <= 9007199254740992.0;
}

START_TEST(todays_shapes_import_as_the_bare_replay)
{
    char path[512], err[512];
    snprintf(path, sizeof path, SITE "%s.site.json", games[_i]);
    replay_game *bare = import_file(path), *g;
    const cJSON *want = replay_game_record(bare);
    for (int shape = 0; shape < 4; shape++) {
        cJSON *site = json_file(path), *file = NULL;
        if (shape == 3 && !seed_fits_a_double(site)) {
            cJSON_Delete(site);
            continue;
        }
        switch (shape) {
        case 0: file = information_of(site); break;
        case 1:
            file = cJSON_CreateObject();
            cJSON_AddItemToObject(file, "success", information_of(site));
            break;
        default: file = arena_file_of(site, shape == 3); break;
        }
        ck_assert_msg(parse_json(file, path, &g, err, sizeof err) == 0, "shape %d: %s", shape, err);
        ck_assert_msg(cJSON_Compare(want, replay_game_record(g), 1), "shape %d differs", shape);
        ck_assert_str_eq(replay_game_info(g)->imported_from, "codingame-site");
        replay_game_free(g);
        cJSON_Delete(file);
    }
    replay_game_free(bare);
}
END_TEST

START_TEST(todays_shapes_are_still_judged_by_the_rules)
{
    /* the saved seed is what `random` answers are drawn from */
    cJSON *s = arena_file_of(json_file(SITE "random-and-comments.site.json"), 0);
    set_string(s, "seed", "4");
    refused_json(s, "arena-seed.json", REPLAY_E_CONTRADICTS, "frame ", "drawn from seed=4");
    set_string(s, "seed", "four");
    refused_json(s, "arena-seed2.json", REPLAY_E_FIELD, "\"seed\"", "64-bit integer");
    set_number(s, "seed", 1.5);
    refused_json(s, "arena-seed3.json", REPLAY_E_FIELD, "\"seed\"", NULL);
    cJSON_Delete(s);
    /* a move changed in a wrapped file: the frame is named */
    s = json_file(SITE "normal.site.json");
    set_string(frame_of(s, 6), "stdout", "a1a2\n");
    cJSON *w = information_of(s);
    refused_json(w, "wrapped.json", REPLAY_E_CONTRADICTS, "frame 6:", "no legal move is a prefix");
    cJSON_Delete(w);
    /* a wrapper of another puzzle's game: no frames, not a game */
    w = cJSON_Parse("{\"puzzleId\": 1, \"gameResult\": {\"gameId\": 5, \"scores\": [1, 0]}}");
    refused_json(w, "other.json", REPLAY_E_FORMAT, "not a game record", NULL);
    cJSON_Delete(w);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"todays_shapes_are_still_judged_by_the_rules", todays_shapes_are_still_judged_by_the_rules,
         30},
    };
    const loa_loop_tcase loops[] = {
        {"todays_shapes_import_as_the_bare_replay", todays_shapes_import_as_the_bare_replay, 30,
         (int)LOA_COUNT(games)},
    };
    return loa_run_suite_loops("replay_codingame_shapes", cases, LOA_COUNT(cases), loops,
                               LOA_COUNT(loops));
}
