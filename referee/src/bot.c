/*
 * bot.c - one bot's process and channel, and how it went away. See bot.h.
 */
#include "bot.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "env.h"

void ref_bot_init(ref_bot *b)
{
    memset(b, 0, sizeof *b);
    ref_proc_init(&b->proc);
    ref_cpu_meter_init(&b->cpu);
}

ref_bot_start_rc ref_bot_start(ref_bot *b, const ref_player *p, const ref_cpu_method *meter,
                               int *err, char *detail, size_t detailsz)
{
    int e = 0;
    b->player = p;
    if (meter && ref_cpu_meter_prepare(&b->cpu, *meter, detail, detailsz) != 0) {
        *err = errno ? errno : EIO;
        return REF_BOT_SYSTEM_ERROR;
    }
    /* the bot is told the clock it is judged by (docs/referee.md): a meter
     * is given in REF_TIME_CPU only */
    static const char *const wall_env[] = {REF_ENV_TIME_MODE "=wall", NULL};
    static const char *const cpu_env[] = {REF_ENV_TIME_MODE "=cpu", NULL};
    ref_proc_spec spec = {.command = p->command,
                          .cwd = p->cwd,
                          .sandbox = (int)p->sandbox,
                          .cgroup_procs = ref_cpu_meter_procs(&b->cpu),
                          .stdout_fd = -1,
                          .stderr_fd = -1,
                          .env = meter ? cpu_env : wall_env};
    ref_proc_fail f = ref_proc_start(&b->proc, &spec, &e);
    if (f == REF_PROC_FAIL_START) {
        char eb[128];
        snprintf(detail, detailsz, "failed to start (%s%s)",
                 p->sandbox && e == ENOENT ? "bwrap: "
                 : p->cwd                  ? "working directory: "
                                           : "",
                 strerror_r(e, eb, sizeof eb));
        return REF_BOT_CANNOT_START;
    }
    if (f != REF_PROC_OK) {
        *err = e;
        return REF_BOT_SYSTEM_ERROR;
    }
    if (ref_chan_init(&b->chan, &b->proc) != 0) {
        *err = ENOMEM;
        return REF_BOT_SYSTEM_ERROR;
    }
    b->chan_ok = 1;
    ref_metric_scan_init(&b->scan);
    b->chan.scan = &b->scan;
    ref_cpu_meter_attach(&b->cpu, b->proc.pid);
    return REF_BOT_STARTED;
}

int ref_bot_cpu_us(ref_bot *b, int64_t *us)
{
    return ref_cpu_meter_read(&b->cpu, us);
}

ref_chan_rc ref_bot_send(ref_bot *b, ref_bot *other, const char *data, size_t len,
                         int64_t deadline_ns, int stop_fd)
{
    return ref_chan_write(&b->chan, other ? &other->chan : NULL, data, len, deadline_ns, stop_fd);
}

ref_chan_rc ref_bot_read(ref_bot *b, ref_bot *other, int64_t deadline_ns, int stop_fd,
                         const char **line, size_t *len, int64_t *at_ns)
{
    return ref_chan_read_line(&b->chan, other ? &other->chan : NULL, deadline_ns, stop_fd, line,
                              len, at_ns);
}

size_t ref_bot_take_stderr(ref_bot *b, char out[REF_STDERR_CAP + 1])
{
    ref_chan_drain_stderr(&b->chan);
    return ref_chan_take_stderr(&b->chan, out);
}

ref_metric_scan *ref_bot_metrics(ref_bot *b)
{
    return &b->scan;
}

/* Under the sandbox /tmp is a new, empty one (docs/referee.md, "The
 * sandbox"): the first path of the bot's command under the real /tmp and
 * outside its working directory (bound into the sandbox, so still seen)
 * into buf, the reason a sandboxed bot that is "not found" is not. Returns
 * 1 when there is one. */
static int hidden_by_sandbox(const ref_bot *b, char *buf, size_t size)
{
    if (!b->player || !b->player->sandbox || !b->player->command)
        return 0;
    char here[4096];
    const char *cmd = b->player->command, *dir = b->player->cwd;
    if (!dir)
        dir = getcwd(here, sizeof here);
    size_t dl = dir ? strlen(dir) : 0;
    while (dl > 1 && dir[dl - 1] == '/')
        dl--;
    if (dl == 1)
        return 0; /* the working directory "/" is bound over the private /tmp */
    static const char ends[] = " \t\n'\";&|()<>";
    for (const char *p = cmd; (p = strstr(p, "/tmp")) != NULL; p += 4) {
        if ((p > cmd && !strchr(" \t'\"=:", p[-1])) || (p[4] && p[4] != '/' && !strchr(ends, p[4])))
            continue; /* not a path that starts there (./tmp, /tmpfoo) */
        size_t n = strcspn(p, ends);
        if (dl > 0 && strncmp(p, dir, dl) == 0 && (n == dl || p[dl] == '/'))
            continue; /* in the working directory: seen */
        snprintf(buf, size, "%.*s", (int)n, p);
        return 1;
    }
    return 0;
}

void ref_bot_gone_why(ref_bot *b, ref_chan_rc rc, ref_bot_gone *out)
{
    memset(out, 0, sizeof *out);
    out->exit_status = -1;
    if (!ref_proc_wait_exit(&b->proc, REF_BOT_EXIT_SETTLE_MS)) {
        out->kind =
            rc == REF_CHAN_INPUT_CLOSED ? REF_BOT_GONE_CLOSED_INPUT : REF_BOT_GONE_CLOSED_OUTPUT;
        snprintf(out->text, sizeof out->text, "closed its standard %s and kept running",
                 rc == REF_CHAN_INPUT_CLOSED ? "input" : "output");
        return;
    }
    int status = b->proc.status;
    char st[64]; /* "killed by signal 64 (SIGRTMAX), core dumped" at most */
    ref_proc_describe_status(status, st, sizeof st);
    out->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    out->term_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    /* The shell's "not found" / "not executable" codes mean a failure to
     * start only when the bot never wrote a byte: a bot may exit 127 itself
     * after playing. */
    /* the path cut to fit the result's detail whole */
    char hidden[64], why[128] = "";
    if (b->chan.out_bytes == 0 && hidden_by_sandbox(b, hidden, sizeof hidden))
        snprintf(why, sizeof why, "; the sandbox's /tmp is its own, empty: %s is not there",
                 hidden);
    if ((out->exit_status == 126 || out->exit_status == 127) && b->chan.out_bytes == 0) {
        out->kind = REF_BOT_GONE_FAILED_TO_START;
        snprintf(out->text, sizeof out->text, "failed to start (shell %s: %s%s)", st,
                 out->exit_status == 127 ? "command not found" : "command not executable", why);
    } else {
        out->kind = REF_BOT_GONE_CRASHED;
        snprintf(out->text, sizeof out->text, "crashed (%s%s)", st, why);
    }
}

const char *ref_bot_pending(const ref_bot *b, size_t max, size_t *len)
{
    *len = b->chan.len < max ? b->chan.len : max;
    return b->chan.buf;
}

void ref_bot_end_pair(ref_bot *a, ref_bot *b)
{
    ref_proc_end_pair(a ? &a->proc : NULL, b ? &b->proc : NULL);
    ref_bot *both[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        if (both[i] && both[i]->chan_ok) {
            ref_chan_free(&both[i]->chan);
            both[i]->chan_ok = 0;
        }
        if (both[i])
            ref_cpu_meter_release(&both[i]->cpu); /* after the reaping: empty now */
    }
}
