/*
 * hostile-escape FILE [remount] - tries to get out of a sandbox before it
 * plays: it reads its effective capabilities (/proc/self/status CapEff),
 * with "remount" tries to make / writable again (a bind remount without
 * MS_RDONLY, what a bot holding CAP_SYS_ADMIN in the sandbox's mount
 * namespace can do), then creates FILE, a path outside its directory.
 * One line on stderr says what it found. Confined (no capability, no
 * remount, FILE refused), it plays the first listed move every turn;
 * otherwise it exits at once with the sum of what worked: 1 a capability,
 * 2 the remount, 4 FILE written (so a test reads every escape from the
 * exit status).
 *
 * The remount is asked for, never the default: out of a sandbox, as root,
 * it would change the host's own root mount.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "common.h"

/* CapEff of /proc/self/status, or -1 when it cannot be read (counted as
 * holding capabilities: the bot cannot prove it holds none). */
static long long cap_eff(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long long v = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "CapEff:", 7) == 0) {
            char *end;
            errno = 0;
            v = strtoll(line + 7, &end, 16);
            if (errno || end == line + 7)
                v = -1;
            break;
        }
    if (f)
        fclose(f);
    return v;
}

int main(int argc, char **argv)
{
    hostile_note_pid();
    if (argc < 2) {
        fprintf(stderr, "usage: hostile-escape FILE [remount]\n");
        return 64;
    }
    long long caps = cap_eff();
    int remount = argc > 2 && strcmp(argv[2], "remount") == 0;
    int remounted = remount && mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND, NULL) == 0;
    int remount_errno = remounted || !remount ? 0 : errno;
    int fd = open(argv[1], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    int write_errno = fd < 0 ? errno : 0;
    if (fd >= 0) {
        if (write(fd, "escaped\n", 8) != 8)
            write_errno = errno;
        close(fd);
    }
    const char *how = !remount ? "not tried" : remounted ? "done" : strerror(remount_errno);
    fprintf(stderr, "hostile-escape: uid %d CapEff %016llx; remount of /: %s; %s: %s\n",
            (int)getuid(), caps, how, argv[1], fd >= 0 ? "written" : strerror(write_errno));
    fflush(stderr);
    int escaped = (caps != 0) * 1 + remounted * 2 + (fd >= 0) * 4;
    if (escaped)
        return escaped;
    loa_turn t;
    loa_turn_init(&t);
    while (hostile_read_turn(&t)) {
        hostile_answer_first(&t, NULL);
        fflush(stdout);
    }
    return 0;
}
