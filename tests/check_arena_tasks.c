/*
 * check_arena_tasks.c - integration tests of the tasks (app/tasks.c:
 * --merge, --add-bot, --standings --exclude) and leagues beyond one
 * machine (issue 13), running loa-arena as a child process with bots whose
 * play depends only on the game's seed: a league played as 3 shards
 * through GNU parallel and merged is the league played in one process
 * (ids, seeds, colours, openings, results, moves); a missing shard is
 * reported; conflicting duplicates are refused; identical ones are kept
 * once; another league is refused; a merge into an existing OUT adds the
 * new games only; a shard resumes; adding a bot plays only the new
 * pairings, and games raised afterwards keep every id; --exclude.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "arena_cli_util.h"
#include "check_main.h"

#define OPENINGS LOA_SOURCE_DIR "/arena/openings/4ply-balanced.txt"
#define SEEDED_NEGAMAX "n=" LOA_BIN_DIR "/loa-negamax -D -d 2 -s {seed}"
#define SEEDED_GREEDY "g=" LOA_BIN_DIR "/loa-greedy -s {seed}"
#define SEEDED_RANDOM "r=" LOA_BIN_DIR "/loa-random -s {seed}"

/* The league of these tests, as arguments after argv[0] (NULL-ended). */
#define LEAGUE_ARGS                                                                          \
    "--bot", SEEDED_NEGAMAX, "--bot", SEEDED_GREEDY, "--bot", SEEDED_RANDOM, "--games", "6", \
        "--openings", OPENINGS, "--quiet"

/* games.jsonl of dir: per id, what a deterministic replay must give again
 * (no times). Returns the number of games; text[id] malloc'd. */
static int games_of(const char *dir, char **text, int max)
{
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    char *t = slurp(path);
    int n = 0;
    static const char *const keys[] = {"id",    "round",   "pairing",   "seed",
                                       "black", "white",   "result",    "reason",
                                       "plies", "opening", "moves_hash"};
    for (char *line = t, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = '\0';
        cJSON *j = cJSON_Parse(line), *keep = cJSON_CreateObject();
        ck_assert_ptr_nonnull(j);
        for (size_t k = 0; k < LOA_COUNT(keys); k++)
            cJSON_AddItemToObject(keep, keys[k],
                                  cJSON_Duplicate(cJSON_GetObjectItem(j, keys[k]), 1));
        int id = cJSON_GetObjectItem(j, "id")->valueint;
        ck_assert_int_lt(id, max);
        ck_assert_ptr_null(text[id]);
        text[id] = cJSON_PrintUnformatted(keep);
        cJSON_Delete(keep);
        cJSON_Delete(j);
        n++;
    }
    free(t);
    return n;
}

static int count_substr(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* Runs loa-arena with LEAGUE_ARGS and the extra words (NULL-ended). */
static int arena(const char *o, const char *e, const char *a, const char *b, const char *c,
                 const char *d)
{
    char *argv[] = {ARENA, LEAGUE_ARGS, (char *)a, (char *)b, (char *)c, (char *)d, NULL};
    return run(argv, o, e, 120000);
}

START_TEST(shards_through_parallel_merge_into_the_one_process_league)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *o = tp.o, *e = tp.e, cmd[2048], full[300], merged[300];
    snprintf(full, sizeof full, "%s/full", dir);
    snprintf(merged, sizeof merged, "%s/merged", dir);
    ck_assert_int_eq(arena(o, e, "--out", full, NULL, NULL), 0);

    /* GNU parallel runs the shards, as a user's recipe does over ssh: two
     * shards at once, a game each (two a shard would be four games on a
     * 2-core machine: under a sanitizer, a loa-negamax lost on time once,
     * and the merged league differed from the one-process league) */
    int have_parallel = system("parallel --version >/dev/null 2>&1") == 0;
    if (!have_parallel && getenv("CI"))
        ck_abort_msg("GNU parallel is missing (scripts/install-deps.sh installs it)");
    snprintf(cmd, sizeof cmd,
             "%s -j 2 '%s' --bot '%s' --bot '%s' --bot '%s' --games 6 --openings '%s' --quiet "
             "-c 1 --shard {}/3 --out '%s/shard-{}' ::: 0 1 2 >'%s' 2>'%s'",
             /* -q: parallel quotes the words again (they hold spaces) */
             have_parallel ? "parallel -q" : "for k in 0 1 2; do echo $k; done | xargs -I{}", ARENA,
             SEEDED_NEGAMAX, SEEDED_GREEDY, SEEDED_RANDOM, OPENINGS, dir, o, e);
    if (!have_parallel) /* xargs takes the command, not ::: */
        *strstr(cmd, " ::: 0 1 2") = '\0', strcat(cmd, " >/dev/null");
    ck_assert_msg(system(cmd) == 0, "%s", cmd);

    char s0[300], s1[300], s2[300];
    snprintf(s0, sizeof s0, "%s/shard-0", dir);
    snprintf(s1, sizeof s1, "%s/shard-1", dir);
    snprintf(s2, sizeof s2, "%s/shard-2", dir);
    /* 3 pairings x 6 games = 18 games, 9 pairs: 3 pairs a shard */
    char jsonl[400];
    snprintf(jsonl, sizeof jsonl, "%s/games.jsonl", s1);
    ck_assert_int_eq(count_lines(jsonl), 6);
    char *m[] = {ARENA, "--merge", merged, s0, s1, s2, NULL};
    ck_assert_int_eq(run(m, o, e, 60000), 0);
    char *out = slurp(o);
    ck_assert_msg(strstr(out, "shard 1/3: 6 of 6 games"), "%s", out);
    ck_assert_msg(strstr(out, "18 new games"), "%s", out);
    free(out);

    char *a[18] = {0}, *b[18] = {0};
    ck_assert_int_eq(games_of(full, a, 18), 18);
    ck_assert_int_eq(games_of(merged, b, 18), 18);
    for (int i = 0; i < 18; i++) {
        ck_assert_msg(a[i] && b[i] && strcmp(a[i], b[i]) == 0, "game %d:\n%s\n%s", i, a[i], b[i]);
        free(a[i]);
        free(b[i]);
    }
    /* a normal results directory: records, standings, pages */
    char path[400];
    cJSON *rec = game_record(merged, 17);
    ck_assert_ptr_nonnull(rec);
    cJSON_Delete(rec);
    snprintf(path, sizeof path, "%s/standings.json", merged);
    cJSON *st = read_json(path);
    ck_assert_int_eq(cJSON_GetObjectItem(st, "games")->valueint, 18);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(st, "complete")));
    cJSON_Delete(st);
    cleanup();
}
END_TEST

START_TEST(merge_reports_missing_refuses_conflicts_and_other_leagues)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *o = tp.o, *e = tp.e, s0[300], s2[300], out[300], again[300];
    snprintf(s0, sizeof s0, "%s/s0", dir);
    snprintf(s2, sizeof s2, "%s/s2", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(again, sizeof again, "%s/again", dir);
    ck_assert_int_eq(arena(o, e, "--shard", "0/3", "--out", s0), 0);
    ck_assert_int_eq(arena(o, e, "--shard", "2/3", "--out", s2), 0);
    /* a shard resumes: nothing left to play */
    ck_assert_int_eq(arena(o, e, "--shard", "2/3", "--out", s2), 0);
    /* ... and is not another shard */
    ck_assert_int_eq(arena(o, e, "--shard", "1/3", "--out", s2), 2);
    char *t = slurp(e);
    ck_assert_msg(strstr(t, "it holds shard 2/3, now 1/3"), "%s", t);
    free(t);

    /* shard 1 missing: merged, reported, exit 1; s0 twice: kept once */
    char *m[] = {ARENA, "--merge", out, s0, s2, s0, NULL};
    ck_assert_int_eq(run(m, o, e, 60000), 1);
    t = slurp(o);
    ck_assert_msg(strstr(t, "shard 1/3: 0 of 6 games, no directory given"), "%s", t);
    ck_assert_msg(strstr(t, "12 new games, 6 found twice"), "%s", t);
    free(t);
    t = slurp(e);
    ck_assert_msg(strstr(t, "6 of 18 games are missing"), "%s", t);
    free(t);
    /* merging again into OUT adds nothing new */
    char *m2[] = {ARENA, "--merge", out, s2, NULL};
    ck_assert_int_eq(run(m2, o, e, 60000), 1);
    t = slurp(o);
    ck_assert_msg(strstr(t, "0 new games, 6 found twice"), "%s", t);
    free(t);

    /* the same shard played again (its times differ) with one result
     * changed: a conflict */
    char other[300];
    snprintf(other, sizeof other, "%s/other", dir);
    char *replayed[] = {ARENA,    "--bot",       SEEDED_NEGAMAX, "--bot", SEEDED_GREEDY,
                        "--bot",  SEEDED_RANDOM, "--games",      "6",     "--openings",
                        OPENINGS, "--quiet",     "--shard",      "0/3",   "--out",
                        other,    NULL};
    ck_assert_int_eq(run(replayed, o, e, 120000), 0);
    /* change one result in the copy too (sqlite3, as a user could) */
    char path[400];
    snprintf(path, sizeof path,
             "sqlite3 '%s/league.db' 'UPDATE games SET plies = plies + 1 WHERE id = 0'", other);
    ck_assert_int_eq(system(path), 0);
    char *m3[] = {ARENA, "--merge", again, s0, other, NULL};
    ck_assert_int_eq(run(m3, o, e, 60000), 2);
    t = slurp(e);
    ck_assert_msg(strstr(t, "with other contents") && strstr(t, "nothing merged"), "%s", t);
    free(t);
    snprintf(path, sizeof path, "%s/games.jsonl", again);
    ck_assert_int_eq(count_lines(path), 0);

    /* another league (other games per pairing) is refused by name */
    char four[300];
    snprintf(four, sizeof four, "%s/four", dir);
    char *l4[] = {ARENA,    "--bot",       SEEDED_NEGAMAX, "--bot", SEEDED_GREEDY,
                  "--bot",  SEEDED_RANDOM, "--games",      "4",     "--openings",
                  OPENINGS, "--quiet",     "--out",        four,    NULL};
    ck_assert_int_eq(run(l4, o, e, 120000), 0);
    char *m4[] = {ARENA, "--merge", again, s0, four, NULL};
    ck_assert_int_eq(run(m4, o, e, 60000), 2);
    t = slurp(e);
    ck_assert_msg(strstr(t, "holds a different league"), "%s", t);
    free(t);
    cleanup();
}
END_TEST

/* The league file of the bots g, r, then n, then r2 (the first `bots`),
 * games per pairing, the openings, out "res". */
static void write_league_of(const char *league, int bots, int games)
{
    static const char *const bot[] = {
        "{\"name\": \"g\", \"command\": \"%s/loa-greedy -s {seed}\"}",
        "{\"name\": \"r\", \"command\": \"%s/loa-random -s {seed}\"}",
        "{\"name\": \"n\", \"command\": \"%s/loa-negamax -D -d 2 -s {seed}\"}",
        "{\"name\": \"r2\", \"command\": \"%s/loa-random -s {seed}\"}"};
    char text[4096], one[1024];
    size_t n = (size_t)snprintf(text, sizeof text, "{\"bots\": [");
    for (int i = 0; i < bots; i++) {
        snprintf(one, sizeof one, bot[i], LOA_BIN_DIR);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", i ? ", " : "", one);
    }
    snprintf(text + n, sizeof text - n, "], \"games\": %d, \"openings\": \"%s\", \"out\": \"res\"}",
             games, OPENINGS);
    write_text(league, text);
}

/* A league of g and r played, then --add-bot n: said as a running arena
 * says it, only n's pairings played, nothing replayed or changed. */
static void add_bot_plays_only_its_pairings(test_paths *tp, char *league, const char *jsonl)
{
    char *o = tp->o, *e = tp->e, *out = tp->out;
    write_league_of(league, 2, 4);
    char *play[] = {ARENA, league, "-q", NULL};
    ck_assert_int_eq(run(play, o, e, 60000), 0);
    char *before = slurp(jsonl);
    ck_assert_int_eq(count_lines(jsonl), 4);

    char *add[] = {ARENA, "--add-bot", SEEDED_NEGAMAX, "--out", out, NULL};
    ck_assert_int_eq(run(add, o, e, 120000), 0);
    char *t = slurp(o);
    /* said as a running arena says it: where, and what comes of it */
    char said[1200];
    snprintf(said, sizeof said, "Added bot 'n' to %s: its pairings are scheduled\n", out);
    ck_assert_msg(strstr(t, said), "%s", t);
    ck_assert_msg(strstr(t, "12 games (4 done, 8 to play)"), "%s", t);
    ck_assert_msg(strstr(t, "Standings: round-robin, 3 bots, 12 of 12 games"), "%s", t);
    free(t);
    char *after = slurp(jsonl);
    ck_assert_int_eq(strncmp(before, after, strlen(before)), 0); /* nothing replayed or changed */
    ck_assert_int_eq(count_lines(jsonl), 12);
    free(after);
    free(before);
}

/* The league file that lists the new bot needs --extend; raising the
 * games then appends rounds and keeps every id. */
static void more_games_append_rounds(test_paths *tp, char *league, const char *jsonl)
{
    write_league_of(league, 3, 6);
    char *play[] = {ARENA, league, "-q", NULL};
    char *after = slurp(jsonl);
    ck_assert_int_eq(run(play, tp->o, tp->e, 120000), 0);
    char *grown = slurp(jsonl);
    ck_assert_int_eq(strncmp(after, grown, strlen(after)), 0);
    ck_assert_int_eq(count_lines(jsonl), 18);
    free(grown);
    free(after);
    /* the new rounds: ids 12..17, rounds 2, every pairing */
    char *ids[18] = {0};
    ck_assert_int_eq(games_of(tp->out, ids, 18), 18);
    for (int i = 12; i < 18; i++) {
        ck_assert_msg(strstr(ids[i], "\"round\":2"), "%s", ids[i]);
        free(ids[i]);
    }
    for (int i = 0; i < 12; i++)
        free(ids[i]);
}

/* One bot more in the file without --extend: refused, the flag named;
 * with it, the bot's pairings played. */
static void a_bot_more_needs_extend(test_paths *tp, char *league, const char *jsonl)
{
    write_league_of(league, 4, 6);
    char *play[] = {ARENA, league, "-q", NULL};
    ck_assert_int_eq(run(play, tp->o, tp->e, 60000), 2);
    char *t = slurp(tp->e);
    ck_assert_msg(strstr(t, "--extend"), "%s", t);
    free(t);
    char *ext[] = {ARENA, league, "--extend", "-q", NULL};
    ck_assert_int_eq(run(ext, tp->o, tp->e, 120000), 0);
    ck_assert_int_eq(count_lines(jsonl), 18 + 3 * 6);
}

START_TEST(adding_a_bot_plays_only_its_pairings)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char league[300], jsonl[400];
    snprintf(league, sizeof league, "%s/l.json", dir);
    snprintf(jsonl, sizeof jsonl, "%s/games.jsonl", tp.out);
    add_bot_plays_only_its_pairings(&tp, league, jsonl);
    more_games_append_rounds(&tp, league, jsonl);
    a_bot_more_needs_extend(&tp, league, jsonl);

    /* standings without a bot, its games left out */
    char *ex[] = {ARENA, "--standings", tp.out, "--exclude", "n", NULL};
    ck_assert_int_eq(run(ex, tp.o, tp.e, 60000), 0);
    char *t = slurp(tp.o);
    ck_assert_msg(strstr(t, "Standings: round-robin, 3 bots, 18 of 18 games"), "%s", t);
    ck_assert_int_eq(count_substr(t, "\n  4  "), 0);
    free(t);
    /* standings on the games a filter keeps (n's: its 3 pairings of 6); a bad
     * filter named, exit 2 */
    char *fi[] = {ARENA, "--standings", tp.out, "--filter", "bot(n).index >= 0", NULL};
    ck_assert_int_eq(run(fi, tp.o, tp.e, 60000), 0);
    t = slurp(tp.o);
    ck_assert_msg(strstr(t, "18 of 36 games") && strstr(t, "Filtered: 18 of 36 games"), "%s", t);
    free(t);
    fi[4] = "bot(n).index >= 0 AND";
    ck_assert_int_eq(run(fi, tp.o, tp.e, 60000), 2);
    t = slurp(tp.e);
    ck_assert_msg(
        strstr(
            t,
            "--filter: column 22: expected a number, a string, bot(NAME) or match., found the end"),
        "%s", t);
    free(t);
    cleanup();
}
END_TEST

/* Counts the replay pages (.html) in DIR/games. */
static int pages_in(const char *dir)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "ls '%s/games' | grep -c '\\.html$'", dir);
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    int n = -1;
    ck_assert_int_eq(fscanf(f, "%d", &n), 1);
    pclose(f);
    return n;
}

static ino_t inode_of(const char *path)
{
    struct stat sb;
    ck_assert_msg(stat(path, &sb) == 0, "%s: %s", path, strerror(errno));
    return sb.st_ino;
}

/* Issue 24, defects 1 and 5: the documented "merge again as shards come
 * back" workflow. OUT already holds games and grows past 256 in the merge
 * (the old store's array was reallocated then and the merge read the old
 * block; MALLOC_PERTURB_ makes such a read fail in a Release build); pages
 * follow --pages and are written for the new games only. (Defect 7, a
 * record lost to a full disk, cannot happen in the database: a game is
 * stored whole with its record, or not at all.) */
START_TEST(remerge_into_a_grown_out_adds_and_pages_only_the_new)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *o = tp.o, *e = tp.e, sh[3][300], m[300], m2[300], path[400];
    snprintf(m, sizeof m, "%s/m", dir);
    snprintf(m2, sizeof m2, "%s/m2", dir);
    for (int k = 0; k < 3; k++) {
        char spec[8];
        snprintf(sh[k], sizeof sh[k], "%s/s%d", dir, k);
        snprintf(spec, sizeof spec, "%d/3", k);
        char *a[] = {ARENA,     "--bot",   "f=" FIRST, "--bot", SEEDED_RANDOM, "--games", "300",
                     "--quiet", "--shard", spec,       "--out", sh[k],         NULL};
        ck_assert_int_eq(run(a, o, e, 120000), 0);
    }
    setenv("MALLOC_PERTURB_", "165", 1);
    char *first[] = {ARENA, "--merge", m, sh[0], NULL};
    ck_assert_int_eq(run(first, o, e, 60000), 1); /* two shards missing */
    char *all[] = {ARENA, "--merge", m, sh[0], sh[1], sh[2], NULL};
    ck_assert_int_eq(run(all, o, e, 60000), 0);
    char *t = slurp(o);
    ck_assert_msg(strstr(t, "200 new games, 100 found twice"), "%s", t);
    free(t);
    snprintf(path, sizeof path, "%s/games.jsonl", m);
    ck_assert_int_eq(count_lines(path), 300);
    cJSON *rec = game_record(m, 0);
    ck_assert_ptr_nonnull(rec);
    cJSON_Delete(rec);
    ck_assert_int_eq(pages_in(m), 0); /* no game lost by a fault: no page (--pages faults) */

    /* --pages all: each new game gets its page once; a re-merge leaves the
     * pages of the games OUT had alone */
    char *p1[] = {ARENA, "--merge", m2, "--pages", "all", sh[0], NULL};
    ck_assert_int_eq(run(p1, o, e, 60000), 1);
    ck_assert_int_eq(pages_in(m2), 100);
    snprintf(path, sizeof path, "%s/games/000000.html", m2);
    ino_t before = inode_of(path); /* pages are written by rename: a new inode */
    char *p2[] = {ARENA, "--merge", m2, "--pages", "all", sh[0], sh[1], NULL};
    ck_assert_int_eq(run(p2, o, e, 60000), 1);
    ck_assert_int_eq(pages_in(m2), 200);
    ck_assert(inode_of(path) == before);
    unsetenv("MALLOC_PERTURB_");
    cleanup();
}
END_TEST

/* Issue 24, defect 2: Ctrl-C during --add-bot says "run the same command
 * again to resume": the same command resumes, `--out DIR` alone resumes
 * (and extends with --games) DIR's own league, DIR/league.json is a league
 * file; the name of a bot of the league with another command is refused. */
START_TEST(an_interrupted_add_bot_resumes_and_dir_alone_is_its_league)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *o = tp.o, *e = tp.e, *out = tp.out, jsonl[400], league[400];
    snprintf(jsonl, sizeof jsonl, "%s/games.jsonl", out);
    snprintf(league, sizeof league, "%s/league.json", out);
    char *play[] = {ARENA, "--bot",   SEEDED_GREEDY, "--bot", SEEDED_RANDOM, "--games",
                    "40",  "--quiet", "--out",       out,     NULL};
    ck_assert_int_eq(run(play, o, e, 60000), 0);
    ck_assert_int_eq(count_lines(jsonl), 40);

    /* interrupted once some of the new pairings are stored */
    char *add[] = {ARENA, "--add-bot", SEEDED_NEGAMAX, "--out", out, "-c", "1", "-q", NULL};
    pid_t pid = spawn(add, o, e);
    for (int waited = 0; count_lines(jsonl) < 44 && waited < 60000; waited += 5)
        sleep_ms(5);
    ck_assert_int_eq(kill(pid, SIGINT), 0);
    ck_assert_int_eq(wait_for(pid, 60000), 130);
    int kept = count_lines(jsonl);
    ck_assert_int_lt(kept, 120);
    char *t = slurp(e);
    ck_assert_msg(strstr(t, "run the same command again to resume"), "%s", t);
    free(t);

    ck_assert_int_eq(run(add, o, e, 120000), 0);
    ck_assert_int_eq(count_lines(jsonl), 120);
    /* DIR alone: nothing left; --games extends every pairing */
    char *alone[] = {ARENA, "--out", out, NULL};
    ck_assert_int_eq(run(alone, o, e, 60000), 0);
    t = slurp(o);
    ck_assert_msg(strstr(t, "120 games (120 done, 0 to play)"), "%s", t);
    free(t);
    char *more[] = {ARENA, "--out", out, "--games", "42", "-q", NULL};
    ck_assert_int_eq(run(more, o, e, 60000), 0);
    ck_assert_int_eq(count_lines(jsonl), 126);
    /* DIR/league.json as a league file: the same league, in DIR */
    char *file[] = {ARENA, league, NULL};
    ck_assert_int_eq(run(file, o, e, 60000), 0);
    t = slurp(o);
    ck_assert_msg(strstr(t, "126 games (126 done, 0 to play)"), "%s", t);
    free(t);
    /* the name of a bot of the league, another command: refused */
    char *clash[] = {ARENA, "--add-bot", "n=" LOA_BIN_DIR "/loa-first", "--out", out, NULL};
    ck_assert_int_eq(run(clash, o, e, 60000), 2);
    t = slurp(e);
    ck_assert_msg(strstr(t, "bot 'n' is in") && strstr(t, "choose another name"), "%s", t);
    free(t);
    ck_assert_int_eq(count_lines(jsonl), 126);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"shards_through_parallel_merge_into_the_one_process_league",
         shards_through_parallel_merge_into_the_one_process_league, 240},
        {"merge_reports_missing_refuses_conflicts_and_other_leagues",
         merge_reports_missing_refuses_conflicts_and_other_leagues, 240},
        {"adding_a_bot_plays_only_its_pairings", adding_a_bot_plays_only_its_pairings, 240},
        {"an_interrupted_add_bot_resumes_and_dir_alone_is_its_league",
         an_interrupted_add_bot_resumes_and_dir_alone_is_its_league, 240},
        {"remerge_into_a_grown_out_adds_and_pages_only_the_new",
         remerge_into_a_grown_out_adds_and_pages_only_the_new, 240},
    };
    return loa_run_suite("arena_tasks", cases, LOA_COUNT(cases));
}
