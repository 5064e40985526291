/*
 * check_referee_cli: the loa-referee command line, run as a process: the
 * scores and seed on stdout, the summary line only on a terminal or with
 * -v, bad command lines (one line naming the word at fault, exit 2), and
 * the exact argv each league tool builds (cg-brutaltester, psyleague's and
 * cgarena's play_game scripts, cg-selfarena), read back the way each tool
 * reads the result. The tools themselves are not in the tree: their argv
 * and what they read are restated here, as docs/referee.md documents them.
 */
#include <fcntl.h>
#include <sys/wait.h>

#include <cjson/cJSON.h>

#include "referee_test_util.h"

#define REFEREE BIN "/loa-referee"
#define FIRST BIN "/loa-first"

/* Output of one loa-referee run. */
typedef struct run {
    int status;     /* exit status */
    char out[4096]; /* stdout */
    char err[4096]; /* stderr */
} run;

/* Reads what is left in fd into buf (NUL-terminated, cut to size). */
static void slurp(int fd, char *buf, size_t size)
{
    size_t n = 0;
    ssize_t r;
    while (n + 1 < size && (r = read(fd, buf + n, size - 1 - n)) > 0)
        n += (size_t)r;
    buf[n] = '\0';
}

/* Runs argv (no shell, as cg-brutaltester's Runtime.exec does) with stdout
 * on a pipe and stderr on a pipe, or on a pseudo-terminal when tty is set. */
static void run_argv(char *const argv[], int tty, run *r)
{
    int out[2], err[2];
    ck_assert_int_eq(pipe(out), 0);
    if (tty) {
        err[0] = posix_openpt(O_RDWR | O_NOCTTY);
        ck_assert_int_ge(err[0], 0);
        ck_assert_int_eq(grantpt(err[0]), 0);
        ck_assert_int_eq(unlockpt(err[0]), 0);
        err[1] = open(ptsname(err[0]), O_RDWR | O_NOCTTY);
    } else {
        ck_assert_int_eq(pipe(err), 0);
    }
    ck_assert_int_ge(err[1], 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        dup2(in, 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        execv(argv[0], argv);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    /* the outputs are small: the pipes and the terminal hold them whole */
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st));
    r->status = WEXITSTATUS(st);
    slurp(out[0], r->out, sizeof r->out);
    slurp(err[0], r->err, sizeof r->err); /* a terminal's master: EIO at the end */
    close(out[0]);
    close(err[0]);
}

/* Runs a command line with /bin/sh, as psyleague's, cgarena's and
 * cg-selfarena's scripts do (stdout and stderr on pipes). */
static void run_sh(const char *cmd, run *r)
{
    char *argv[] = {"/bin/sh", "-c", (char *)cmd, NULL};
    run_argv(argv, 0, r);
}

/* A fresh temporary directory in dir (at least 64 bytes). */
static void temp_dir(char *dir)
{
    strcpy(dir, "/tmp/check_referee_cli_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

/* The JSON file at path, parsed (fails the test when absent or invalid). */
static cJSON *read_json(const char *path)
{
    static char text[1 << 20];
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "no record %s", path);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    cJSON *j = cJSON_Parse(text);
    ck_assert_ptr_nonnull(j);
    return j;
}

/* Member k of object o (fails the test when missing). */
static cJSON *member(const cJSON *o, const char *k)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    ck_assert_msg(v != NULL, "missing JSON member %s", k);
    return v;
}

/* ---------------------------------------------------------------- output */

START_TEST(prints_scores_and_seed_and_writes_records)
{
    char dir[64], rec[128], txt[128], cmd[1024];
    temp_dir(dir);
    snprintf(rec, sizeof rec, "%s/r.json", dir);
    snprintf(txt, sizeof txt, "%s/r.txt", dir);
    snprintf(cmd, sizeof cmd,
             REFEREE " -p1 " BIN "/hostile-random -p2 '" BIN "/hostile-random x' -d seed=42 "
                     "-l %s --text-record %s --olympiad",
             rec, txt);
    run r;
    run_sh(cmd, &r);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0\n0\nseed=42\n");
    ck_assert_str_eq(r.err, ""); /* stderr is a pipe: no summary */
    cJSON *j = read_json(rec);
    ck_assert_int_eq(member(j, "seed")->valueint, 42);
    cJSON *moves = member(j, "moves");
    ck_assert_int_eq(cJSON_GetArraySize(moves), 150);
    ck_assert_str_eq(cJSON_GetArrayItem(moves, 0)->valuestring, "g8e6");
    cJSON_Delete(j);
    FILE *f = fopen(txt, "r");
    ck_assert_ptr_nonnull(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "1. G8-E6 H2-H8 {x} 2. C8-C6"));
    unlink(rec);
    unlink(txt);
    rmdir(dir);

    /* friendly options; a bot at fault still exits 0 */
    run_sh(REFEREE " --black " FIRST " --white 'exec sleep 5' --seed -7 --first-turn-ms 200 "
                   "--turn-ms 100 --max-plies 20 -q",
           &r);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0\n-1\nseed=-7\n");
    ck_assert_str_eq(r.err, "");

    /* a missing seed is drawn and printed; verbose draws boards */
    run_sh(REFEREE " -p1 " FIRST " -p2 " FIRST " --max-plies 2 -v", &r);
    ck_assert_int_eq(r.status, 0);
    long long seed;
    int s1, s2;
    ck_assert_int_eq(sscanf(r.out, "%d\n%d\nseed=%lld\n", &s1, &s2, &seed), 3);
    ck_assert_ptr_nonnull(strstr(r.err, "ply 1 black"));
    ck_assert_ptr_nonnull(strstr(r.err, "     a b c d e f g h\n"));
}
END_TEST

START_TEST(summary_only_on_a_terminal_or_with_verbose)
{
    static const char summary[] = "loa-referee: draw after 2 plies (ply_limit): ";
    char *plain[] = {REFEREE, "-p1", FIRST, "-p2", FIRST, "--max-plies", "2", NULL};
    char *quiet[] = {REFEREE, "-p1", FIRST, "-p2", FIRST, "--max-plies", "2", "-q", NULL};
    char *verbose[] = {REFEREE, "-p1", FIRST, "-p2", FIRST, "--max-plies", "2", "-v", NULL};
    run r;
    run_argv(plain, 1, &r); /* a person at a terminal */
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strncmp(r.err, summary, strlen(summary)) == 0, "no summary: '%s'", r.err);
    run_argv(quiet, 1, &r);
    ck_assert_str_eq(r.err, "");
    run_argv(plain, 0, &r); /* a league tool's pipe */
    ck_assert_str_eq(r.err, "");
    run_argv(verbose, 0, &r);
    ck_assert_ptr_nonnull(strstr(r.err, summary));
    /* one ply, in the singular, in the summary and the result's detail */
    char *one[] = {REFEREE, "-p1", FIRST, "-p2", FIRST, "--max-plies", "1", "-v", NULL};
    run_argv(one, 0, &r);
    ck_assert_msg(strstr(r.err, "loa-referee: draw after 1 ply (ply_limit): draw: 1 ply played\n"),
                  "%s", r.err);
}
END_TEST

/* ---------------------------------------------------------------- errors */

START_TEST(bad_command_lines_exit_2_with_one_line_naming_the_word)
{
    static const struct {
        const char *args, *named; /* named: the message starts with it */
    } bad[] = {
        {"-p1 a", "missing -p2"},
        {"-p2 a", "missing -p1"},
        {"-p1 a -p2 b -d seed=x", "-d 'seed=x'"},
        {"-p1 a -p2 b -d level=3", "-d 'level=3'"},
        {"-p1 a -p2 b --seed 99999999999999999999", "--seed '99999999999999999999'"},
        {"-p1 a -p2 b -seed 1x", "--seed '1x'"},
        {"-p1 a -p2 b --turn-ms 0", "--turn-ms '0'"},
        {"-p1 a -p2 b --max-plies -1", "--max-plies '-1'"},
        {"-p1 a -p2 b --bogus", "--bogus: unknown option"},
        {"-p1 a -p2 b -foo", "-foo: unknown option"}, /* not the previous word */
        {"-p1 a -p2 b -qx", "-qx: unknown option"},
        {"-p1 a -p2 b -league", "-league: missing argument"}, /* not -l eague */
        {"-p1 a -p2 b -league gold", "-league 'gold'"},
        {"-p1 a -p2 b -seed", "-seed: missing argument"},
        {"-p1 a -p2 b -p3 c", "-p3: LOA is a two-player game"},
        {"-p1 a -p2 b stray", "'stray': unexpected argument"},
        {"-p1 a -p2 b --turn-ms", "--turn-ms: missing argument"},
    };
    run r;
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, REFEREE " %s", bad[i].args);
        run_sh(cmd, &r);
        ck_assert_msg(r.status == 2, "%s: exit %d", bad[i].args, r.status);
        ck_assert_str_eq(r.out, "");
        char *nl = strchr(r.err, '\n');
        ck_assert_msg(nl && nl[1] == '\0', "not one line for '%s': %s", bad[i].args, r.err);
        ck_assert_msg(strncmp(r.err, "loa-referee: ", 13) == 0 &&
                          strncmp(r.err + 13, bad[i].named, strlen(bad[i].named)) == 0,
                      "'%s' should name '%s': %s", bad[i].args, bad[i].named, r.err);
    }
    /* -league alone never became a record file named "eague" */
    ck_assert_int_ne(access("eague", F_OK), 0);
    /* --sandbox without bubblewrap: refused, the package named */
    run_sh("PATH=/nonexistent " REFEREE " --sandbox -p1 a -p2 b", &r);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "--sandbox: the sandbox needs bubblewrap (Debian package "
                                "bubblewrap)"),
                  "%s", r.err);
}
END_TEST

START_TEST(help_and_version)
{
    run r;
    run_sh(REFEREE " --help", &r);
    ck_assert_int_eq(r.status, 0);
    static const char *documented[] = {
        "-p1",        "-p2",       "--black",         "--white",     "-d",
        "--seed",     "-seed N",   "-league N",       "--record",    "--text-record",
        "--olympiad", "--turn-ms", "--first-turn-ms", "--max-plies", "--verbose",
        "--quiet",    "--help",    "--version",       "Exit status", "130"};
    for (size_t i = 0; i < LOA_COUNT(documented); i++)
        ck_assert_msg(strstr(r.out, documented[i]), "--help lacks %s", documented[i]);
    char version[64];
    snprintf(version, sizeof version, "loa-referee %d.%d.%d\n", LOA_VERSION_MAJOR,
             LOA_VERSION_MINOR, LOA_VERSION_PATCH);
    run_sh(REFEREE " --version", &r);
    ck_assert_str_eq(r.out, version);
    run_sh(REFEREE " -V", &r);
    ck_assert_str_eq(r.out, version);
}
END_TEST

/* ---------------------------------------------------------------- league tools */

/* cg-brutaltester (GameThread): Runtime.exec of the referee's words, then
 * -p1 P1 -p2 P2, -d seed=N with its -s (swap) option, -l DIR/gameN.json with
 * -l; it reads two integers from stdout, keeps the rest ("seed=N") to print
 * the replay command, and logs "Error during game N" if stderr has any text. */
START_TEST(cg_brutaltester_argv)
{
    char dir[64], log[128];
    temp_dir(dir);
    snprintf(log, sizeof log, "%s/game1.json", dir);
    char *argv[] = {REFEREE, "-p1",     FIRST, "-p2", BIN "/hostile-random",
                    "-d",    "seed=12", "-l",  log,   NULL};
    run r;
    run_argv(argv, 0, &r);
    ck_assert_int_eq(r.status, 0);
    int s0, s1;
    char rest[64];
    ck_assert_int_eq(sscanf(r.out, "%d\n%d\n%63s", &s0, &s1, rest), 3);
    ck_assert_str_eq(rest, "seed=12");
    ck_assert_str_eq(r.err, ""); /* no "Error during game" */
    cJSON *j = read_json(log);
    ck_assert_int_eq(member(member(j, "scores"), "0")->valueint, s0);
    ck_assert_int_eq(member(member(j, "scores"), "1")->valueint, s1);
    cJSON_Delete(j);
    /* without -s: no -d at all, the referee draws the seed */
    char *noseed[] = {REFEREE, "-p1", FIRST, "-p2", FIRST, NULL};
    run_argv(noseed, 0, &r);
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(sscanf(r.out, "%d\n%d\nseed=%*d", &s0, &s1), 2);
    ck_assert_str_eq(r.err, "");
    unlink(log);
    rmdir(dir);
}
END_TEST

/* The play_game.py of psyleague's README (its cmd_play_game) and cgarena's
 * (assets/play_game.py, its cmd_play_match): subprocess.run(shell=True) of
 *   referee -p1 "P1" -p2 "P2" -d seed=N -l "LOG"      (psyleague)
 *   referee -p1 "P1" -p2 "P2" -seed N -l "LOG"        (cgarena)
 * then int(log["scores"]["0"]), ["1"], and each log["errors"]["0"/"1"] entry.
 * cgarena's referees also take -league N: accepted and ignored. */
START_TEST(psyleague_and_cgarena_play_game_argv)
{
    static const char *forms[] = {
        "-p1 \"" FIRST "\" -p2 \"" BIN "/hostile-say pass\" -d seed=%d -l \"%s\"",
        "-p1 \"" FIRST "\" -p2 \"" BIN "/hostile-say pass\" -seed %d -l \"%s\"",
        "-p1 \"" FIRST "\" -p2 \"" BIN "/hostile-say pass\" -league 3 -seed %d -l \"%s\"",
    };
    char dir[64], log[128];
    temp_dir(dir);
    snprintf(log, sizeof log, "%s/log_x", dir);
    for (size_t i = 0; i < LOA_COUNT(forms); i++) {
        char args[512], cmd[1024];
        snprintf(args, sizeof args, forms[i], 1000 + (int)i, log);
        snprintf(cmd, sizeof cmd, REFEREE " %s", args);
        run r;
        run_sh(cmd, &r);
        ck_assert_msg(r.status == 0, "%s: exit %d: %s", cmd, r.status, r.err);
        char expect[64];
        snprintf(expect, sizeof expect, "0\n-1\nseed=%d\n", 1000 + (int)i);
        ck_assert_str_eq(r.out, expect); /* white passed while moves exist */
        cJSON *j = read_json(log);
        ck_assert_int_eq(member(member(j, "scores"), "0")->valueint, 0);
        ck_assert_int_eq(member(member(j, "scores"), "1")->valueint, -1);
        ck_assert_int_eq(member(j, "seed")->valueint, 1000 + (int)i);
        cJSON *errors = member(j, "errors"), *e;
        int frames = cJSON_GetArraySize(member(j, "plies"));
        ck_assert_int_eq(frames, 2);
        for (int p = 0; p < 2; p++) {
            cJSON *list = member(errors, p ? "1" : "0");
            ck_assert_int_eq(cJSON_GetArraySize(list), frames);
            cJSON_ArrayForEach(e, list) ck_assert(cJSON_IsNull(e) || cJSON_IsString(e));
        }
        cJSON_Delete(j);
        unlink(log);
    }
    rmdir(dir);
}
END_TEST

/* cg-selfarena (src/match.ts): child_process.exec (a shell) of the referee
 * command's words, -d seed=N, then -p1 "P1" -p2 "P2" (each command wrapped
 * in double quotes); it reads stdout split on white space, fields 0 and 1. */
START_TEST(cg_selfarena_argv)
{
    run r;
    run_sh(REFEREE " -d seed=3735928559 -p1 \"" FIRST "\" -p2 \"" BIN "/hostile-say e1e4\"", &r);
    ck_assert_int_eq(r.status, 0);
    int s0, s1;
    ck_assert_int_eq(sscanf(r.out, "%d %d", &s0, &s1), 2);
    ck_assert_int_eq(s0, 0);
    ck_assert_int_eq(s1, -1);
    ck_assert_ptr_nonnull(strstr(r.out, "seed=3735928559\n"));
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"prints_scores_and_seed_and_writes_records", prints_scores_and_seed_and_writes_records,
         60},
        {"summary_only_on_a_terminal_or_with_verbose", summary_only_on_a_terminal_or_with_verbose,
         30},
        {"bad_command_lines_exit_2_with_one_line_naming_the_word",
         bad_command_lines_exit_2_with_one_line_naming_the_word, 30},
        {"help_and_version", help_and_version, 30},
        {"cg_brutaltester_argv", cg_brutaltester_argv, 60},
        {"psyleague_and_cgarena_play_game_argv", psyleague_and_cgarena_play_game_argv, 60},
        {"cg_selfarena_argv", cg_selfarena_argv, 30},
    };
    return loa_run_suite("referee_cli", cases, LOA_COUNT(cases));
}
