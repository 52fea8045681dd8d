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
    // ETXTBSY is transient: the file is still open for writing somewhere (being installed, or
    // inherited by a process forked while it was written) and is released within moments.
    int result = ETXTBSY;
    for (int attempt = 0; attempt < 10 && result == ETXTBSY; attempt++) {
        if (attempt > 0) {
            struct timespec pause = {0, 20 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
        result = posix_spawn(&child, argv[0], &actions, &attributes, argv, envp);
    }
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
