// Feature macros must come first: sigaction/SA_SIGINFO need POSIX, pipe2 and close_range GNU.
#define _XOPEN_SOURCE 700
#define _GNU_SOURCE 1

#include "ccurses.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/wait.h>
#include <string.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

// The crash-safe terminal restore: saved termios, the crash handlers and their signal stack, the
// standard-error capture, and the crash watcher process. Everything a handler or the watcher
// calls is async-signal-safe.

// MARK: - Crash-safe terminal restore

// Written before the handlers are installed, then only read (from handlers too). The flag and the
// descriptors are lock-free atomics (async-signal-safe): a save on one thread (a test) and a
// restore on another are ordered, and ThreadSanitizer sees that they are.
static struct termios ccurses_saved_termios;
static atomic_int ccurses_saved_fd = -1;
static atomic_int ccurses_saved_valid = 0;

static const int ccurses_crash_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE};
#define CCURSES_CRASH_SIGNAL_COUNT (sizeof ccurses_crash_signals / sizeof ccurses_crash_signals[0])
static struct sigaction ccurses_previous_actions[CCURSES_CRASH_SIGNAL_COUNT];
static volatile sig_atomic_t ccurses_guard_installed = 0;

// A private duplicate of the terminal for the restore, and /dev/null: a crash handler points the
// program's own terminal descriptor at /dev/null first, so a thread still drawing (the crash may
// be on another thread) cannot write over the restored screen.
static atomic_int ccurses_restore_fd = -1;
static atomic_int ccurses_null_fd = -1;

static void ccurses_close_restore_fds(void) {
    int restore = atomic_exchange(&ccurses_restore_fd, -1);
    int null = atomic_exchange(&ccurses_null_fd, -1);
    if (restore >= 0) close(restore);
    if (null >= 0) close(null);
}

int ccurses_terminal_save(int fd) {
    if (tcgetattr(fd, &ccurses_saved_termios) != 0) return -1;
    ccurses_saved_valid = 0;
    ccurses_close_restore_fds();
    ccurses_saved_fd = fd;
    ccurses_restore_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    ccurses_null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    ccurses_saved_valid = 1;
    return 0;
}

void ccurses_terminal_forget(void) {
    ccurses_saved_valid = 0;
    ccurses_close_restore_fds();
}

static void ccurses_write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        length -= (size_t)written;
    }
}

void ccurses_terminal_restore(void) {
    if (!ccurses_saved_valid) return;
    int saved_errno = errno;
    // Mouse off (all modes), bracketed paste off, attributes reset, cursor visible, keypad
    // transmit off, leave the alternate screen.
    static const char reset[] = "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l\033[?2004l"
                                "\033[0m\033[?25h\033[?1l\033>\033[?1049l\r\n";
    int restore = ccurses_restore_fd;
    int fd = restore >= 0 ? restore : ccurses_saved_fd;
    ccurses_write_all(fd, reset, sizeof reset - 1);
    tcsetattr(fd, TCSAFLUSH, &ccurses_saved_termios);
    errno = saved_errno;
}

static volatile sig_atomic_t ccurses_stderr_saved = -1;
static volatile sig_atomic_t ccurses_stderr_capture = -1;

int ccurses_stderr_capture_begin(void) {
    if (ccurses_stderr_capture >= 0) return 0;
    char path[] = "/tmp/lazer-stderr-XXXXXX";
    int capture = mkstemp(path);
    if (capture < 0) return -1;
    unlink(path);
    int saved = dup(STDERR_FILENO);
    if (saved < 0 || dup2(capture, STDERR_FILENO) < 0) {
        if (saved >= 0) close(saved);
        close(capture);
        return -1;
    }
    ccurses_stderr_saved = saved;
    ccurses_stderr_capture = capture;
    return 0;
}

void ccurses_stderr_capture_end(void) {
    int capture = ccurses_stderr_capture;
    int saved = ccurses_stderr_saved;
    if (capture < 0 || saved < 0) return;
    ccurses_stderr_capture = -1;
    ccurses_stderr_saved = -1;
    int saved_errno = errno;
    dup2(saved, STDERR_FILENO);
    close(saved);
    char chunk[4096];
    size_t copied = 0;
    if (lseek(capture, 0, SEEK_SET) == 0) {
        while (copied < 64 * 1024) {
            ssize_t count = read(capture, chunk, sizeof chunk);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            ccurses_write_all(STDERR_FILENO, chunk, (size_t)count);
            copied += (size_t)count;
        }
    }
    close(capture);
    errno = saved_errno;
}

static void ccurses_crash_watcher_send(char command);

static void ccurses_crash_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    int null = ccurses_null_fd;
    if (ccurses_saved_valid && null >= 0 && ccurses_restore_fd >= 0) {
        dup2(null, ccurses_saved_fd);
    }
    ccurses_terminal_restore();
    ccurses_saved_valid = 0;
    ccurses_stderr_capture_end();
    // Restored here: the watcher process has nothing left to do.
    ccurses_crash_watcher_send('d');
    for (size_t i = 0; i < CCURSES_CRASH_SIGNAL_COUNT; i++) {
        if (ccurses_crash_signals[i] == signal_number) {
            sigaction(signal_number, &ccurses_previous_actions[i], NULL);
        }
    }
    // A signal sent by kill/raise/abort (si_code <= 0) is raised again; it stays blocked until this
    // handler returns and then reaches the previous handler. A fault (ud2 from a Swift trap, a bad
    // access) simply happens again when the faulting instruction re-runs.
    if (info == NULL || info->si_code <= 0) raise(signal_number);
}

// The crash handler's own stack: a stack overflow leaves no room on the thread's stack, so without
// it the handler itself would fault and the terminal would stay raw. sigaltstack is per thread, and
// the UI runs on whichever thread drains the main queue (after dispatchMain that is not the main
// thread), so each such thread gets one stack, allocated once and never freed (a handler may run
// on it at any time).
#define CCURSES_ALT_STACK_SIZE (256 * 1024)
static __thread bool ccurses_thread_has_alt_stack = false;

void ccurses_crash_stack_ensure(void) {
    if (ccurses_thread_has_alt_stack) return;
    size_t size = CCURSES_ALT_STACK_SIZE;
    long minimum = sysconf(_SC_SIGSTKSZ);
    if (minimum > 0 && (size_t)minimum * 4 > size) size = (size_t)minimum * 4;
    stack_t current;
    memset(&current, 0, sizeof current);
    // Keep a big enough stack someone else (Swift's backtracer) already gave this thread.
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE) && current.ss_size >= size) {
        ccurses_thread_has_alt_stack = true;
        return;
    }
    void *memory = malloc(size);
    if (memory == NULL) return;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = memory;
    stack.ss_size = size;
    if (sigaltstack(&stack, NULL) != 0) {
        free(memory);
        return;
    }
    ccurses_thread_has_alt_stack = true;
}

void ccurses_crash_guard_install(void) {
    if (ccurses_guard_installed) return;
    ccurses_crash_stack_ensure();
    for (size_t i = 0; i < CCURSES_CRASH_SIGNAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = ccurses_crash_handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(ccurses_crash_signals[i], &action, &ccurses_previous_actions[i]);
    }
    ccurses_guard_installed = 1;
}

void ccurses_crash_guard_uninstall(void) {
    if (!ccurses_guard_installed) return;
    for (size_t i = 0; i < CCURSES_CRASH_SIGNAL_COUNT; i++) {
        sigaction(ccurses_crash_signals[i], &ccurses_previous_actions[i], NULL);
    }
    ccurses_guard_installed = 0;
}

// MARK: - Crash watcher

// A forked process that outlives the program: it blocks reading a pipe whose only write end the
// program holds. End of file without a 'q' (clean stop) or 'd' (disarmed: restored already, or the
// terminal handed to the shell) means the program died where no handler could run — a stack
// overflow on a thread without the signal stack, SIGKILL — and the watcher restores the terminal.
static pid_t ccurses_watcher_pid = -1;
static volatile sig_atomic_t ccurses_watcher_fd = -1;

static void ccurses_crash_watcher_send(char command) {
    int fd = ccurses_watcher_fd;
    if (fd < 0) return;
    while (write(fd, &command, 1) < 0 && errno == EINTR) {
    }
}

// Insertion sort (qsort is not async-signal-safe).
static void ccurses_sort_ints(int *values, size_t count) {
    for (size_t i = 1; i < count; i++) {
        int value = values[i];
        size_t j = i;
        for (; j > 0 && values[j - 1] > value; j--) values[j] = values[j - 1];
        values[j] = value;
    }
}

// Closes descriptors first...last (last -1: all the rest); async-signal-safe.
static void ccurses_close_range(int first, int last) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned int)first, last < 0 ? ~0U : (unsigned int)last, 0) == 0) return;
#endif
    // A kernel before 5.9: one by one, up to a generous limit.
    int limit = last < 0 ? 65535 : last;
    for (int fd = first; fd <= limit; fd++) close(fd);
}

// Runs in the forked child: async-signal-safe calls only (the parent has other threads).
__attribute__((noreturn)) static void ccurses_watch(int commands, int ready) {
    static const int ignored[] = {SIGINT,  SIGTERM, SIGHUP,   SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU,
                                  SIGPIPE, SIGCONT, SIGWINCH, SIGUSR1, SIGUSR2, SIGALRM};
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++) sigaction(ignored[i], &ignore, NULL);
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    for (size_t i = 0; i < CCURSES_CRASH_SIGNAL_COUNT; i++) sigaction(ccurses_crash_signals[i], &fallback, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    // Hold nothing of the program's open (pipes, sockets, files) but what the restore needs.
    int keep[] = {0, 1, 2, commands, ready, ccurses_saved_fd, ccurses_restore_fd, ccurses_stderr_saved,
                  ccurses_stderr_capture};
    size_t count = sizeof keep / sizeof keep[0];
    ccurses_sort_ints(keep, count);
    int next = 0;
    for (size_t i = 0; i < count; i++) {
        if (keep[i] < next) continue;  // unused (-1) or a duplicate
        if (keep[i] > next) ccurses_close_range(next, keep[i] - 1);
        next = keep[i] + 1;
    }
    ccurses_close_range(next, -1);
    // Until now the watcher held copies of everything (a test's pseudo-terminal leader, sockets);
    // the program waits for this byte so no such copy outlives the start.
    char done = 'r';
    while (write(ready, &done, 1) < 0 && errno == EINTR) {
    }
    close(ready);

    bool armed = true;
    for (;;) {
        char command = 0;
        ssize_t count_read = read(commands, &command, 1);
        if (count_read < 0 && errno == EINTR) continue;
        if (count_read <= 0) break;
        if (command == 'q') _exit(0);
        if (command == 'd') armed = false;
        if (command == 'a') armed = true;
    }
    if (armed) {
        ccurses_terminal_restore();
        ccurses_stderr_capture_end();
    }
    _exit(0);
}

int ccurses_crash_watcher_start(void) {
    if (ccurses_watcher_pid > 0) return 0;
    if (!ccurses_saved_valid) return -1;
    int fds[2];
    int ready[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    if (pipe2(ready, O_CLOEXEC) != 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        close(ready[0]);
        close(ready[1]);
        return -1;
    }
    if (child == 0) {
        close(fds[1]);
        close(ready[0]);
        ccurses_watch(fds[0], ready[1]);
    }
    close(fds[0]);
    close(ready[1]);
    char done = 0;
    while (read(ready[0], &done, 1) < 0 && errno == EINTR) {
    }
    close(ready[0]);
    ccurses_watcher_pid = child;
    ccurses_watcher_fd = fds[1];
    return 0;
}

void ccurses_crash_watcher_arm(bool armed) { ccurses_crash_watcher_send(armed ? 'a' : 'd'); }

void ccurses_crash_watcher_stop(void) {
    if (ccurses_watcher_pid <= 0) return;
    ccurses_crash_watcher_send('q');
    int fd = ccurses_watcher_fd;
    ccurses_watcher_fd = -1;
    close(fd);
    int status = 0;
    while (waitpid(ccurses_watcher_pid, &status, 0) < 0 && errno == EINTR) {
    }
    ccurses_watcher_pid = -1;
}
