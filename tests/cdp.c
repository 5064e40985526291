/*
 * cdp.c - see cdp.h. The DevTools protocol: a request is
 * {"id":N,"method":M,"params":P,"sessionId":S}, its answer carries the same
 * id with "result" or "error"; everything else is an event.
 */
#include "cdp.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct cdp {
    pid_t pid;
    int to_browser, from_browser;
    char *in; /* bytes read, not yet a whole message */
    size_t in_len, in_cap;
    int next_id;
    char session[128];
    int errors, requests;
    char first_event[512];
    char allowed[4][512];
    int nallowed;
    char error[512];
};

const char *cdp_find_chromium(void)
{
    static char found[1024];
    const char *env = getenv("LOA_CHROMIUM");
    if (env && *env)
        return access(env, X_OK) == 0 ? env : NULL;
    const char *path = getenv("PATH");
    static const char *const names[] = {"chromium", "chromium-browser", "google-chrome"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const char *p = path ? path : "/usr/bin:/bin";
        while (*p) {
            const char *e = strchr(p, ':');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            snprintf(found, sizeof found, "%.*s/%s", (int)n, p, names[k]);
            if (n && access(found, X_OK) == 0)
                return found;
            p += n + (e != NULL);
        }
    }
    return NULL;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int fail(cdp *c, const char *fmt, const char *arg)
{
    snprintf(c->error, sizeof c->error, fmt, arg);
    return -1;
}

static void note_event(cdp *c, int *counter, const char *kind, const char *text)
{
    if (!c->errors && !c->requests)
        snprintf(c->first_event, sizeof c->first_event, "%s: %.400s", kind, text ? text : "?");
    (*counter)++;
}

static const char *str_at(const cJSON *o, const char *a, const char *b)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b)
        v = cJSON_GetObjectItemCaseSensitive(v, b);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Records the events the tests judge. */
static void on_event(cdp *c, const cJSON *msg)
{
    const char *m = str_at(msg, "method", NULL);
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(msg, "params");
    if (!m)
        return;
    if (strcmp(m, "Runtime.exceptionThrown") == 0) {
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(p, "exceptionDetails");
        const char *t = str_at(d, "exception", "description");
        note_event(c, &c->errors, "exception", t ? t : str_at(d, "text", NULL));
    } else if (strcmp(m, "Runtime.consoleAPICalled") == 0) {
        const char *type = str_at(p, "type", NULL);
        if (type && (strcmp(type, "error") == 0 || strcmp(type, "assert") == 0))
            note_event(c, &c->errors, "console.error", type);
    } else if (strcmp(m, "Log.entryAdded") == 0) {
        const char *level = str_at(p, "entry", "level");
        if (level && strcmp(level, "error") == 0)
            note_event(c, &c->errors, "log error", str_at(p, "entry", "text"));
    } else if (strcmp(m, "Network.requestWillBeSent") == 0) {
        const char *url = str_at(p, "request", "url");
        for (int i = 0; url && i < c->nallowed; i++)
            if (strncmp(url, c->allowed[i], strlen(c->allowed[i])) == 0)
                return;
        note_event(c, &c->requests, "request", url);
    }
}

/* Reads until a whole message is there (or the deadline). Returns it, or
 * NULL (error set). */
static cJSON *read_message(cdp *c, long long deadline)
{
    for (;;) {
        char *nul = c->in_len ? memchr(c->in, '\0', c->in_len) : NULL;
        if (nul) {
            size_t n = (size_t)(nul - c->in);
            cJSON *msg = cJSON_ParseWithLength(c->in, n);
            memmove(c->in, nul + 1, c->in_len - n - 1);
            c->in_len -= n + 1;
            if (!msg) {
                fail(c, "%s", "the browser sent a message that is not JSON");
                return NULL;
            }
            return msg;
        }
        long long left = deadline - now_ms();
        if (left <= 0) {
            fail(c, "%s", "timed out waiting for the browser");
            return NULL;
        }
        struct pollfd pfd = {c->from_browser, POLLIN, 0};
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue;
        if (c->in_cap - c->in_len < 65536) {
            size_t cap = c->in_cap ? c->in_cap * 2 : 1 << 20;
            char *p = realloc(c->in, cap);
            if (!p) {
                fail(c, "%s", "out of memory");
                return NULL;
            }
            c->in = p;
            c->in_cap = cap;
        }
        ssize_t got = read(c->from_browser, c->in + c->in_len, c->in_cap - c->in_len);
        if (got <= 0) {
            fail(c, "%s", "the browser closed its pipe (did it crash?)");
            return NULL;
        }
        c->in_len += (size_t)got;
    }
}

static int send_message(cdp *c, cJSON *msg)
{
    char *text = cJSON_PrintUnformatted(msg);
    if (!text)
        return fail(c, "%s", "out of memory");
    size_t len = strlen(text) + 1, off = 0; /* the NUL ends the message */
    while (off < len) {
        ssize_t w = write(c->to_browser, text + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            free(text);
            return fail(c, "%s", "cannot write to the browser");
        }
        off += (size_t)w;
    }
    free(text);
    return 0;
}

/* A call on the browser (session NULL) or on the page's session. */
static cJSON *call(cdp *c, const char *session, const char *method, cJSON *params, int timeout_ms)
{
    cJSON *msg = cJSON_CreateObject();
    int id = ++c->next_id;
    cJSON_AddNumberToObject(msg, "id", id);
    cJSON_AddStringToObject(msg, "method", method);
    cJSON_AddItemToObject(msg, "params", params ? params : cJSON_CreateObject());
    if (session)
        cJSON_AddStringToObject(msg, "sessionId", session);
    int rc = send_message(c, msg);
    cJSON_Delete(msg);
    if (rc != 0)
        return NULL;
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        cJSON *in = read_message(c, deadline);
        if (!in)
            return NULL;
        const cJSON *rid = cJSON_GetObjectItemCaseSensitive(in, "id");
        if (cJSON_IsNumber(rid) && rid->valueint == id) {
            cJSON *res = cJSON_DetachItemFromObjectCaseSensitive(in, "result");
            if (!res) {
                const char *e = str_at(in, "error", "message");
                snprintf(c->error, sizeof c->error, "%s failed: %s", method, e ? e : "?");
            }
            cJSON_Delete(in);
            return res;
        }
        on_event(c, in);
        cJSON_Delete(in);
    }
}

cJSON *cdp_call(cdp *c, const char *method, cJSON *params, int timeout_ms)
{
    return call(c, c->session, method, params, timeout_ms);
}

static int wait_event(cdp *c, const char *method, int timeout_ms)
{
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        cJSON *in = read_message(c, deadline);
        if (!in)
            return -1;
        const char *m = str_at(in, "method", NULL);
        int hit = m && strcmp(m, method) == 0;
        on_event(c, in);
        cJSON_Delete(in);
        if (hit)
            return 0;
    }
}

/* The forked child: chromium headless on the protocol's pipe (to: the
 * browser reads, from: it writes), in its own process group. */
static _Noreturn void exec_browser(const char *chromium, const char *profile, const int to[2],
                                   const int from[2])
{
    /* Its own process group, so that cdp_stop() can end the renderer
     * and helper processes with it. fds 3 and 4 are the protocol's
     * pipe; dup2 clears close-on-exec. */
    setpgid(0, 0);
    int r = to[0], w = from[1];
    if (r == 4)
        r = dup(r);
    if (w == 3)
        w = dup(w);
    dup2(r, 3);
    dup2(w, 4);
    int devnull = open("/dev/null", O_RDWR);
    dup2(devnull, 0);
    dup2(devnull, 1);
    dup2(devnull, 2); /* dbus and GPU noise of a headless machine */
    /* no name resolves and every request goes to a dead proxy, but
     * 127.0.0.1 itself, which Chromium never proxies: the served pages'
     * tests (check_arena_serve_browser) reach their server there; what a
     * page loads is still checked against the allowed prefixes */
    execl(chromium, chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
          "--remote-debugging-pipe", profile, "--no-first-run", "--no-default-browser-check",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--disable-extensions", "--disable-default-apps", "--hide-scrollbars",
          "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
          "--proxy-server=http://127.0.0.1:9", "--window-size=1200,900", "about:blank",
          (char *)NULL);
    _exit(127);
}

/* The browser's page attached (c->session) and its domains enabled.
 * Returns 0 or -1 (err). */
static int attach_page(cdp *c, char *err, size_t errsz)
{
    cJSON *targets = call(c, NULL, "Target.getTargets", NULL, 20000);
    const cJSON *t;
    const char *target = NULL;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(targets, "targetInfos"))
    {
        const char *type = str_at(t, "type", NULL);
        if (type && strcmp(type, "page") == 0 && !target)
            target = str_at(t, "targetId", NULL);
    }
    if (!target) {
        snprintf(err, errsz, "no page target in the browser (%s)", c->error);
        cJSON_Delete(targets);
        return -1;
    }
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "targetId", target);
    cJSON_AddBoolToObject(p, "flatten", 1);
    cJSON_Delete(targets);
    cJSON *att = call(c, NULL, "Target.attachToTarget", p, 10000);
    const char *sid = str_at(att, "sessionId", NULL);
    if (!sid) {
        snprintf(err, errsz, "cannot attach to the page: %s", c->error);
        cJSON_Delete(att);
        return -1;
    }
    snprintf(c->session, sizeof c->session, "%s", sid);
    cJSON_Delete(att);
    static const char *const domains[] = {"Page.enable", "Runtime.enable", "Network.enable",
                                          "Log.enable"};
    for (size_t i = 0; i < sizeof domains / sizeof domains[0]; i++) {
        cJSON *r = cdp_call(c, domains[i], NULL, 10000);
        if (!r) {
            snprintf(err, errsz, "%s", c->error);
            return -1;
        }
        cJSON_Delete(r);
    }
    return 0;
}

int cdp_start(const char *chromium, const char *profile_dir, cdp **out, char *err, size_t errsz)
{
    *out = NULL;
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) {
        snprintf(err, errsz, "pipe: %s", strerror(errno));
        return -1;
    }
    char profile[1100];
    snprintf(profile, sizeof profile, "--user-data-dir=%s", profile_dir);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errsz, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        exec_browser(chromium, profile, to, from);
    }
    close(to[0]);
    close(from[1]);
    cdp *c = calloc(1, sizeof *c);
    c->pid = pid;
    c->to_browser = to[1];
    c->from_browser = from[0];
    *out = c;
    return attach_page(c, err, errsz);
}

static int navigate(cdp *c, const char *url, int timeout_ms)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "url", url);
    cJSON *r = cdp_call(c, "Page.navigate", p, timeout_ms);
    if (!r)
        return -1;
    const char *e = str_at(r, "errorText", NULL);
    if (e) {
        fail(c, "navigation failed: %s", e);
        cJSON_Delete(r);
        return -1;
    }
    cJSON_Delete(r);
    return wait_event(c, "Page.loadEventFired", timeout_ms);
}

int cdp_open(cdp *c, const char *url, int timeout_ms)
{
    if (navigate(c, "about:blank", timeout_ms) != 0)
        return -1;
    return navigate(c, url, timeout_ms);
}

cJSON *cdp_eval(cdp *c, const char *expression, int timeout_ms)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "expression", expression);
    cJSON_AddBoolToObject(p, "returnByValue", 1);
    cJSON_AddBoolToObject(p, "awaitPromise", 1);
    cJSON *r = cdp_call(c, "Runtime.evaluate", p, timeout_ms);
    if (!r)
        return NULL;
    if (cJSON_GetObjectItemCaseSensitive(r, "exceptionDetails")) {
        fail(c, "evaluation threw: %s", expression);
        cJSON_Delete(r);
        return NULL;
    }
    cJSON *res = cJSON_GetObjectItemCaseSensitive(r, "result");
    cJSON *v = cJSON_DetachItemFromObjectCaseSensitive(res, "value");
    cJSON_Delete(r);
    if (!v)
        fail(c, "no value from: %s", expression);
    return v;
}

int cdp_key(cdp *c, const char *key)
{
    static const struct {
        const char *key;
        int code;
    } codes[] = {{"ArrowLeft", 37}, {"ArrowRight", 39}, {"Home", 36}, {"End", 35}, {" ", 32}};
    int vk = 0;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strcmp(codes[i].key, key) == 0)
            vk = codes[i].code;
    for (int up = 0; up < 2; up++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "type", up ? "keyUp" : "rawKeyDown");
        cJSON_AddStringToObject(p, "key", key);
        cJSON_AddStringToObject(p, "code", key);
        cJSON_AddNumberToObject(p, "windowsVirtualKeyCode", vk);
        cJSON *r = cdp_call(c, "Input.dispatchKeyEvent", p, 5000);
        if (!r)
            return -1;
        cJSON_Delete(r);
    }
    return 0;
}

int cdp_click(cdp *c, double x, double y)
{
    static const char *const types[] = {"mouseMoved", "mousePressed", "mouseReleased"};
    for (int i = 0; i < 3; i++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "type", types[i]);
        cJSON_AddNumberToObject(p, "x", x);
        cJSON_AddNumberToObject(p, "y", y);
        cJSON_AddStringToObject(p, "button", i ? "left" : "none");
        cJSON_AddNumberToObject(p, "clickCount", i ? 1 : 0);
        cJSON *r = cdp_call(c, "Input.dispatchMouseEvent", p, 5000);
        if (!r)
            return -1;
        cJSON_Delete(r);
    }
    return 0;
}

int cdp_errors(const cdp *c)
{
    return c->errors;
}
int cdp_requests(const cdp *c)
{
    return c->requests;
}
const char *cdp_first_event(const cdp *c)
{
    return c->first_event;
}
const char *cdp_error(const cdp *c)
{
    return c->error;
}

void cdp_reset_events(cdp *c)
{
    c->errors = c->requests = 0;
    c->first_event[0] = '\0';
}

void cdp_allow_urls(cdp *c, const char *const *prefixes, int n)
{
    c->nallowed = 0;
    for (int i = 0; i < n && i < 4; i++)
        snprintf(c->allowed[c->nallowed++], sizeof c->allowed[0], "%s", prefixes[i]);
}

void cdp_stop(cdp *c)
{
    if (!c)
        return;
    close(c->to_browser); /* Chromium exits when its protocol pipe closes */
    close(c->from_browser);
    /* Wait (up to 2 s) for the browser to exit without reaping it
     * (WNOWAIT), then kill its whole group and only then reap: the group id
     * cannot be reused while the leader is unreaped. */
    siginfo_t si;
    for (int i = 0; i < 100; i++) {
        si.si_pid = 0;
        if (waitid(P_PID, (id_t)c->pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0 || si.si_pid != 0)
            break;
        usleep(20000);
    }
    kill(-c->pid, SIGKILL);
    int st;
    waitpid(c->pid, &st, 0);
    free(c->in);
    free(c);
}
