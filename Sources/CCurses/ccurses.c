// Feature macros must come first: wcwidth needs _XOPEN_SOURCE, sigaction/SA_SIGINFO need POSIX.
#define _XOPEN_SOURCE 700
#define _GNU_SOURCE 1

#include "ccurses.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <string.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <sys/syscall.h>
#include <time.h>
#include <termios.h>
#include <unistd.h>

// MARK: - Globals

WINDOW *ccurses_stdscr(void) { return stdscr; }
WINDOW *ccurses_curscr(void) { return curscr; }
int ccurses_lines(void) { return LINES; }
int ccurses_cols(void) { return COLS; }
int ccurses_colors(void) { return COLORS; }
int ccurses_color_pairs(void) { return COLOR_PAIRS; }
int ccurses_escdelay(void) { return ESCDELAY; }

// MARK: - Attributes

attr_t ccurses_a_normal(void) { return A_NORMAL; }
attr_t ccurses_a_bold(void) { return A_BOLD; }
attr_t ccurses_a_dim(void) { return A_DIM; }
attr_t ccurses_a_italic(void) { return A_ITALIC; }
attr_t ccurses_a_underline(void) { return A_UNDERLINE; }
attr_t ccurses_a_reverse(void) { return A_REVERSE; }
attr_t ccurses_a_blink(void) { return A_BLINK; }
attr_t ccurses_a_standout(void) { return A_STANDOUT; }
attr_t ccurses_a_invis(void) { return A_INVIS; }
attr_t ccurses_a_altcharset(void) { return A_ALTCHARSET; }
attr_t ccurses_a_color(void) { return A_COLOR; }
attr_t ccurses_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }
int ccurses_pair_number(attr_t attributes) { return (int)PAIR_NUMBER(attributes); }

// MARK: - Line drawing

chtype ccurses_acs(char code) { return NCURSES_ACS(code); }
chtype ccurses_acs_ulcorner(void) { return ACS_ULCORNER; }
chtype ccurses_acs_urcorner(void) { return ACS_URCORNER; }
chtype ccurses_acs_llcorner(void) { return ACS_LLCORNER; }
chtype ccurses_acs_lrcorner(void) { return ACS_LRCORNER; }
chtype ccurses_acs_hline(void) { return ACS_HLINE; }
chtype ccurses_acs_vline(void) { return ACS_VLINE; }
chtype ccurses_acs_block(void) { return ACS_BLOCK; }

// MARK: - Mouse

mmask_t ccurses_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
mmask_t ccurses_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
mmask_t ccurses_button1_pressed(void) { return BUTTON1_PRESSED; }
mmask_t ccurses_button1_released(void) { return BUTTON1_RELEASED; }
mmask_t ccurses_button1_clicked(void) { return BUTTON1_CLICKED; }
mmask_t ccurses_button2_pressed(void) { return BUTTON2_PRESSED; }
mmask_t ccurses_button2_released(void) { return BUTTON2_RELEASED; }
mmask_t ccurses_button3_pressed(void) { return BUTTON3_PRESSED; }
mmask_t ccurses_button3_released(void) { return BUTTON3_RELEASED; }
mmask_t ccurses_button4_pressed(void) { return BUTTON4_PRESSED; }
mmask_t ccurses_button5_pressed(void) { return BUTTON5_PRESSED; }
mmask_t ccurses_button_shift(void) { return BUTTON_SHIFT; }
mmask_t ccurses_button_ctrl(void) { return BUTTON_CTRL; }
mmask_t ccurses_button_alt(void) { return BUTTON_ALT; }

// MARK: - Keys

int ccurses_key_code_yes(void) { return KEY_CODE_YES; }
int ccurses_key_resize(void) { return KEY_RESIZE; }
int ccurses_key_mouse(void) { return KEY_MOUSE; }
int ccurses_key_f(int n) { return KEY_F(n); }

// MARK: - Wide characters

int ccurses_setcchar(cchar_t *out, const wchar_t *text, attr_t attributes, int pair) {
    // The short argument only reaches 32767; the opts pointer carries the full (extended) pair.
    short legacy = pair > 0x7fff ? 0 : (short)pair;
    return setcchar(out, text, attributes, legacy, &pair);
}

int ccurses_getcchar(const cchar_t *cell, wchar_t *text, attr_t *attributes, int *pair) {
    short legacy = 0;
    int extended = 0;
    int result = getcchar(cell, text, attributes, &legacy, &extended);
    if (pair != NULL) *pair = extended != 0 ? extended : legacy;
    return result;
}

int ccurses_ccharw_max(void) { return CCHARW_MAX; }
int ccurses_wcwidth(wchar_t character) { return wcwidth(character); }

// MARK: - Window geometry

int ccurses_getmaxy(const WINDOW *window) { return getmaxy(window); }
int ccurses_getmaxx(const WINDOW *window) { return getmaxx(window); }
int ccurses_getcury(const WINDOW *window) { return getcury(window); }
int ccurses_getcurx(const WINDOW *window) { return getcurx(window); }

// MARK: - Locale and terminal size

static bool ccurses_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

bool ccurses_setlocale_utf8(void) {
    setlocale(LC_ALL, "");
    if (ccurses_codeset_is_utf8()) return true;
    static const char *const fallbacks[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"};
    for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; i++) {
        if (setlocale(LC_CTYPE, fallbacks[i]) != NULL && ccurses_codeset_is_utf8()) return true;
    }
    return false;
}

int ccurses_get_winsize(int fd, int *rows, int *cols) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    if (rows != NULL) *rows = size.ws_row;
    if (cols != NULL) *cols = size.ws_col;
    return 0;
}

int ccurses_set_winsize(int fd, int rows, int cols) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)cols;
    return ioctl(fd, TIOCSWINSZ, &size);
}

int ccurses_open_pty(int rows, int cols, int *leader, int *follower) {
    // Close-on-exec: a child started meanwhile must not keep the leader open (it would hide a hang-up).
    int leader_fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (leader_fd < 0) return -1;
    char name[128];
    if (grantpt(leader_fd) != 0 || unlockpt(leader_fd) != 0 || ptsname_r(leader_fd, name, sizeof name) != 0) {
        close(leader_fd);
        return -1;
    }
    int follower_fd = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (follower_fd < 0) {
        close(leader_fd);
        return -1;
    }
    ccurses_set_winsize(leader_fd, rows, cols);
    *leader = leader_fd;
    *follower = follower_fd;
    return 0;
}

int ccurses_spawn_wait(char *const argv[]) {
    if (argv == NULL || argv[0] == NULL) return -1;
    pid_t child = 0;
    if (posix_spawnp(&child, argv[0], NULL, NULL, argv, environ) != 0) return -1;
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

pid_t ccurses_spawn_piped(char *const argv[], char *const envp[], int *input, int *output) {
    if (argv == NULL || argv[0] == NULL || input == NULL) {
        errno = EINVAL;
        return -1;
    }
    int in[2];
    int out[2] = {-1, -1};
    if (pipe2(in, O_CLOEXEC) != 0) return -1;
    if (output != NULL && pipe2(out, O_CLOEXEC) != 0) {
        int saved = errno;
        close(in[0]);
        close(in[1]);
        errno = saved;
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    if (output != NULL) {
        posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    } else {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    }
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    // Nothing else of the program's: a helper such as xclip keeps running in the background.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    sigset_t all;
    sigset_t none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t child = -1;
    int result = posix_spawn(&child, argv[0], &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in[0]);
    if (output != NULL) close(out[1]);
    if (result != 0) {
        close(in[1]);
        if (output != NULL) close(out[0]);
        errno = result;
        return -1;
    }
    *input = in[1];
    if (output != NULL) *output = out[0];
    return child;
}

static int ccurses_exit_code(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

static long long ccurses_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

int ccurses_wait_child(pid_t pid, int timeout_ms, int *code) {
    int status = 0;
    if (timeout_ms >= 0) {
        long long deadline = ccurses_now_ms() + timeout_ms;
#ifdef SYS_pidfd_open
        int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
#else
        int pidfd = -1;
#endif
        for (;;) {
            pid_t done = waitpid(pid, &status, WNOHANG);
            if (done == pid) break;
            if (done < 0 && errno != EINTR) {
                if (pidfd >= 0) close(pidfd);
                return -1;
            }
            long long left = deadline - ccurses_now_ms();
            if (left <= 0) {
                if (pidfd >= 0) close(pidfd);
                return 1;
            }
            if (pidfd >= 0) {
                // Readable once the child has exited.
                struct pollfd entry = {.fd = pidfd, .events = POLLIN, .revents = 0};
                poll(&entry, 1, (int)left);
            } else {
                // No pidfd (a kernel before 5.3): check again in 10 ms.
                struct timespec pause = {.tv_sec = 0, .tv_nsec = 10 * 1000 * 1000};
                nanosleep(&pause, NULL);
            }
        }
        if (pidfd >= 0) close(pidfd);
    } else {
        while (waitpid(pid, &status, 0) < 0) {
            if (errno != EINTR) return -1;
        }
    }
    if (code != NULL) *code = ccurses_exit_code(status);
    return 0;
}

static const int ccurses_job_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH};
#define CCURSES_JOB_SIGNAL_COUNT (sizeof ccurses_job_signals / sizeof ccurses_job_signals[0])
static struct sigaction ccurses_saved_job_actions[CCURSES_JOB_SIGNAL_COUNT];
static int ccurses_job_signals_taken = 0;

void ccurses_job_signals_take(void) {
    if (ccurses_job_signals_taken++ > 0) return;
    for (size_t i = 0; i < CCURSES_JOB_SIGNAL_COUNT; i++) {
        struct sigaction ignore;
        memset(&ignore, 0, sizeof ignore);
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(ccurses_job_signals[i], &ignore, &ccurses_saved_job_actions[i]);
    }
}

void ccurses_job_signals_release(void) {
    if (ccurses_job_signals_taken == 0 || --ccurses_job_signals_taken > 0) return;
    for (size_t i = 0; i < CCURSES_JOB_SIGNAL_COUNT; i++) {
        sigaction(ccurses_job_signals[i], &ccurses_saved_job_actions[i], NULL);
    }
}

// MARK: - Crash-safe terminal restore

// Written once before the handlers are installed, then only read (from handlers too).
static struct termios ccurses_saved_termios;
static int ccurses_saved_fd = -1;
static volatile sig_atomic_t ccurses_saved_valid = 0;

static const int ccurses_crash_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE};
#define CCURSES_CRASH_SIGNAL_COUNT (sizeof ccurses_crash_signals / sizeof ccurses_crash_signals[0])
static struct sigaction ccurses_previous_actions[CCURSES_CRASH_SIGNAL_COUNT];
static volatile sig_atomic_t ccurses_guard_installed = 0;

// A private duplicate of the terminal for the restore, and /dev/null: a crash handler points the
// program's own terminal descriptor at /dev/null first, so a thread still drawing (the crash may
// be on another thread) cannot write over the restored screen.
static int ccurses_restore_fd = -1;
static int ccurses_null_fd = -1;

static void ccurses_close_restore_fds(void) {
    if (ccurses_restore_fd >= 0) close(ccurses_restore_fd);
    if (ccurses_null_fd >= 0) close(ccurses_null_fd);
    ccurses_restore_fd = -1;
    ccurses_null_fd = -1;
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
    int fd = ccurses_restore_fd >= 0 ? ccurses_restore_fd : ccurses_saved_fd;
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
    if (ccurses_saved_valid && ccurses_null_fd >= 0 && ccurses_restore_fd >= 0) {
        dup2(ccurses_null_fd, ccurses_saved_fd);
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
