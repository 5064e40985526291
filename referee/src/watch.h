/*
 * watch.h - the watchdog (internal): nothing a game started outlives the
 * process that runs the games (loa-referee, loa-arena, a program linking
 * the library), however that process ends: SIGKILL, a crash, the OOM
 * killer, a league tool's timeout.
 *
 * Why a process: the bots must die when the referee dies, and the referee,
 * killed by SIGKILL, does nothing more. The ways a kernel offers each miss
 * something: PR_SET_PDEATHSIG fires when the *thread* that forked the child
 * ends (the arena forks bots from worker threads), reaches only that one
 * process (not what the bot forked; with the leader killed first its
 * children go to PID 1 before anyone can find them), and is lost across a
 * set-uid exec; bubblewrap's --die-with-parent (no longer passed: proc.c)
 * sets it only once its setup is done, so a referee killed in the first
 * milliseconds of a sandboxed bot left the whole sandbox running; the
 * subreaper (orphans.h) dies with the referee. And a bot that sees its
 * input end when the referee dies exits, handing what it forked to PID 1
 * before anyone can find it.
 *
 * Design: per process, one small child, the watchdog (a command line of
 * its own, "loa-watchdog (arena pid N)": watch.c), started by
 * ref_global_init() or the first bot spawn (and again in a forked child,
 * or if it died), in a session of its own (a kill of the referee's process
 * group or terminal does not reach it), holding no descriptor of the
 * referee's but its end of a socket pair (SOCK_SEQPACKET: one message per
 * datagram, no SIGPIPE with MSG_NOSIGNAL). The referee holds the other
 * end, close-on-exec. Each bot's child, after vfork and before exec, sends
 * "started, pid P" itself, with the referee's ends of the bot's stdin and
 * stdout (SCM_RIGHTS): so the message is queued before the bot runs,
 * whatever happens to the referee meanwhile (the child holds a copy of the
 * socket until its exec: the watchdog cannot see the end first). Holding
 * those pipe ends, the watchdog keeps a bot from noticing that the referee
 * died (no end of input, no broken output) until it is stopped: a bot that
 * exits on end of input would otherwise leave its children to PID 1
 * before they could be found. When a game ends the referee sends
 * "released, P" (the watchdog closes its copies, the bot sees the end of
 * its input) before closing its own, and "ended, P" after the group's
 * SIGKILL and before reaping P (P cannot be reused while it is
 * registered). When the referee's end closes for good (every copy: the
 * process is gone), the watchdog reads the remaining messages, then ends
 * every bot still registered: SIGSTOP to each bot's process group, then
 * each process of its tree (found in /proc/PID/task/TID/children: what
 * left the group with setsid(), and bubblewrap's PID-namespace init, whose
 * death ends the whole sandbox) is stopped so that none can fork while the
 * tree is walked, walked again until nothing new appears, then SIGKILL to
 * every process found and every group. Then it exits. It never touches
 * what is not a live bot's.
 *
 * Not PR_SET_PDEATHSIG on the bot: it would fire when the thread that
 * started the bot ends, not the process (an arena's worker thread; the
 * referee ends every bot before ref_game_run() returns, so that would be
 * harmless, but it says nothing a watchdog does not), and SIGKILL there
 * would orphan the bot's children before the watchdog could walk them.
 *
 * Limits: a process that left its bot's group *and* whose parent had
 * already exited is a child of the referee (the subreaper) until its game
 * ends; when the referee is killed before, it is reparented to PID 1,
 * where nothing tells it from any other process: it survives (a bot under
 * --sandbox cannot do that: its PID namespace ends with its init). So does
 * one whose parent notices the referee's death otherwise (polling
 * getppid()) and exits before the watchdog stops it. At most
 * REF_WATCH_MAX bots are watched at once (more are only not watched).
 * Killing the watchdog itself leaves the running games unwatched; the next
 * bot spawn starts a new one.
 *
 * Thread-safe (a mutex); the watchdog is this process's, never a forked
 * child's: a process forked from the referee starts its own.
 */
#ifndef REF_WATCH_H
#define REF_WATCH_H

#include <sys/types.h>

/* Bots the watchdog keeps at once (an arena of 256 games has 512). */
#define REF_WATCH_MAX 4096

/* The descriptor a bot's child registers itself on: starts this process's
 * watchdog first if it has none (or it died). Returns it, or -1 with errno
 * (no descriptor or process left). */
int ref_watch_fd(void);

/* Descriptors of a bot the watchdog holds: the referee's ends of its
 * stdin and stdout. */
#define WATCH_HOLD_MAX 2

/* In a bot's child between fork and exec (async-signal-safe): registers
 * getpid() on fd, with copies of hold[0..nhold) (entries -1 skipped), at
 * most WATCH_HOLD_MAX. */
void ref_watch_register_self(int fd, const int *hold, int nhold);

/* The game of leader is ending: the watchdog closes its copies of the
 * bot's pipes (call it before closing the referee's, so that the bot sees
 * the end of its input). It still ends the bot if this process dies. */
void ref_watch_release(pid_t leader);

/* After SIGKILL to leader's group, before reaping leader: it is no longer
 * the watchdog's to end. */
void ref_watch_forget(pid_t leader);

/* The watchdog's pid in this process, or 0 (orphans.c leaves it alone). */
pid_t ref_watch_pid(void);

#endif
