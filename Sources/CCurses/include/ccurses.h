/// CCurses: the thin C layer between Swift and ncursesw.
///
/// Swift cannot import ncurses' function-like macros (`A_BOLD`, `COLOR_PAIR`, `ACS_*`, mouse masks)
/// and Swift 6 rejects reading its mutable globals (`stdscr`, `LINES`, `COLS`, `COLORS`,
/// `COLOR_PAIRS`) from concurrent code, so this header exposes them as plain functions. It also
/// holds what must be written in C: variadic `ioctl` calls and an async-signal-safe terminal
/// restore for crash handlers. Every symbol is prefixed `ccurses_`.
///
/// Only the `CursesBackend` module imports this target.
#ifndef CCURSES_H
#define CCURSES_H

// Wide-character API (cchar_t, setcchar, wadd_wch, wget_wch, win_wch) before anything includes curses.h.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <ncurses.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <wchar.h>

// MARK: - Globals

/// The standard screen of the current terminal (ncurses' `stdscr`).
WINDOW *ccurses_stdscr(void);
/// What ncurses believes is on the physical screen (ncurses' `curscr`); `clearok` on it forces
/// a full repaint.
WINDOW *ccurses_curscr(void);
/// Rows of the current screen (ncurses' `LINES`).
int ccurses_lines(void);
/// Columns of the current screen (ncurses' `COLS`).
int ccurses_cols(void);
/// Colours the terminal supports after `start_color` (ncurses' `COLORS`).
int ccurses_colors(void);
/// Colour pairs available after `start_color` (ncurses' `COLOR_PAIRS`).
int ccurses_color_pairs(void);
/// The current ESC delay in milliseconds (ncurses' `ESCDELAY`).
int ccurses_escdelay(void);

// MARK: - Attributes

attr_t ccurses_a_normal(void);
attr_t ccurses_a_bold(void);
attr_t ccurses_a_dim(void);
attr_t ccurses_a_italic(void);
attr_t ccurses_a_underline(void);
attr_t ccurses_a_reverse(void);
attr_t ccurses_a_blink(void);
attr_t ccurses_a_standout(void);
attr_t ccurses_a_invis(void);
attr_t ccurses_a_altcharset(void);
attr_t ccurses_a_color(void);
/// The attribute bits that select colour pair `pair` (ncurses' `COLOR_PAIR`); only for pairs < 256.
attr_t ccurses_color_pair(int pair);
/// The colour pair encoded in `attributes` (ncurses' `PAIR_NUMBER`).
int ccurses_pair_number(attr_t attributes);

// MARK: - Line drawing

/// The alternate-character-set glyph for the VT100 code `code` (e.g. 'l' upper-left corner); `ACS_*`.
chtype ccurses_acs(char code);
chtype ccurses_acs_ulcorner(void);
chtype ccurses_acs_urcorner(void);
chtype ccurses_acs_llcorner(void);
chtype ccurses_acs_lrcorner(void);
chtype ccurses_acs_hline(void);
chtype ccurses_acs_vline(void);
chtype ccurses_acs_block(void);

// MARK: - Mouse

mmask_t ccurses_all_mouse_events(void);
mmask_t ccurses_report_mouse_position(void);
mmask_t ccurses_button1_pressed(void);
mmask_t ccurses_button1_released(void);
mmask_t ccurses_button1_clicked(void);
mmask_t ccurses_button2_pressed(void);
mmask_t ccurses_button2_released(void);
mmask_t ccurses_button3_pressed(void);
mmask_t ccurses_button3_released(void);
/// Wheel up.
mmask_t ccurses_button4_pressed(void);
/// Wheel down.
mmask_t ccurses_button5_pressed(void);
mmask_t ccurses_button_shift(void);
mmask_t ccurses_button_ctrl(void);
mmask_t ccurses_button_alt(void);

// MARK: - Keys

/// `wget_wch` returned a key code (KEY_*) rather than a character.
int ccurses_key_code_yes(void);
int ccurses_key_resize(void);
int ccurses_key_mouse(void);
/// Function key n (ncurses' `KEY_F(n)`).
int ccurses_key_f(int n);

// MARK: - Wide characters

/// Builds a cchar_t from a NUL-terminated wide string (one spacing character plus combining
/// marks) with `attributes` and the (extended) colour pair `pair`. Returns ERR or OK.
int ccurses_setcchar(cchar_t *out, const wchar_t *text, attr_t attributes, int pair);
/// Reads back the characters and pair of `cell` into `text` (room for CCHARW_MAX + 1).
int ccurses_getcchar(const cchar_t *cell, wchar_t *text, attr_t *attributes, int *pair);
/// The maximum number of wide characters in one cell (ncurses' `CCHARW_MAX`).
int ccurses_ccharw_max(void);
/// The terminal column width of `character` in the current locale (`wcwidth`); -1 if not printable.
int ccurses_wcwidth(wchar_t character);

// MARK: - Window geometry (macros in ncurses)

int ccurses_getmaxy(const WINDOW *window);
int ccurses_getmaxx(const WINDOW *window);
int ccurses_getcury(const WINDOW *window);
int ccurses_getcurx(const WINDOW *window);

// MARK: - Locale and terminal size

/// `setlocale(LC_ALL, "")`, falling back to C.UTF-8 / en_US.UTF-8 for LC_CTYPE when the user's
/// locale is not UTF-8. Returns true when the resulting character set is UTF-8.
bool ccurses_setlocale_utf8(void);
/// Reads the window size of the terminal on `fd` (TIOCGWINSZ). Returns 0 on success, -1 otherwise.
int ccurses_get_winsize(int fd, int *rows, int *cols);
/// Sets the window size of the terminal on `fd` (TIOCSWINSZ), as a terminal emulator would.
int ccurses_set_winsize(int fd, int rows, int cols);

/// Opens a pseudo-terminal pair of `rows` x `cols` (posix_openpt, grantpt, unlockpt, then the
/// follower), both close-on-exec. Tests run ncurses on the follower. Returns 0, or -1 with errno set.
int ccurses_open_pty(int rows, int cols, int *leader, int *follower);

/// Runs `argv[0]` (looked up in PATH) with `argv`, inheriting the terminal, and waits for it
/// (posix_spawnp + waitpid, retried on EINTR). Returns its exit status, 128 + signal if it was
/// killed, or -1 if it could not be started. Used to hand the terminal to $EDITOR or $PAGER.
int ccurses_spawn_wait(char *const argv[]);

/// Starts the program at path `argv[0]` with `envp`, its standard input reading from a new pipe,
/// its standard output into another new pipe if `output` is not NULL (else /dev/null) and its
/// standard error on /dev/null, no other descriptor of the program, every signal disposition back
/// to the default and no signal
/// blocked (the caller may ignore job-control signals or run on a thread that blocks them, and a
/// child inherits both). Returns the child's pid, with the parent's pipe ends (close-on-exec) in
/// `*input` and `*output`; -1 with errno set if it could not be started. Used for clipboard helpers.
pid_t ccurses_spawn_piped(char *const argv[], char *const envp[], int *input, int *output);
/// Waits at most `timeout_ms` milliseconds (forever if negative) for child `pid` to exit, without
/// polling (a pidfd). Returns 0 with the exit code, or 128 + the signal that ended it, in
/// `*code`; 1 if it is still running; -1 on error.
int ccurses_wait_child(pid_t pid, int timeout_ms, int *code);

/// Saves the dispositions of SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT and SIGWINCH and sets
/// them to SIG_IGN, so ncurses installs no handlers of its own and the program can watch them
/// with dispatch sources. Nested calls are counted; only the first one saves.
void ccurses_job_signals_take(void);
/// Puts back the dispositions saved by `ccurses_job_signals_take` (after the screen shut down).
void ccurses_job_signals_release(void);

// MARK: - Crash-safe terminal restore

/// Remembers the current termios of `fd` so `ccurses_terminal_restore` can put it back. Call
/// before `newterm`. Returns 0 on success, -1 if `fd` is not a terminal.
int ccurses_terminal_save(int fd);
/// Async-signal-safe: restores the saved termios (if any) and writes the sequences that leave the
/// alternate screen, show the cursor, reset attributes and turn off mouse reporting and bracketed
/// paste. Uses only `tcsetattr` and `write`, so a signal handler may call it.
void ccurses_terminal_restore(void);
/// Installs handlers for SIGILL, SIGTRAP, SIGSEGV, SIGABRT, SIGBUS and SIGFPE that call
/// `ccurses_terminal_restore` and then hand the signal to the previous handler (Swift's
/// backtracer, or the default action), so a crash leaves a usable terminal and still reports.
/// The handlers run with SA_ONSTACK on an alternate signal stack (see
/// `ccurses_crash_stack_ensure`), so a stack overflow still restores the terminal.
void ccurses_crash_guard_install(void);
/// Gives the calling thread its own signal stack for the crash handlers (once per thread; keeps a
/// big enough one already there). Install calls it for its thread; the event loop calls it on the
/// thread that delivers events, since the main queue may be drained by another thread.
void ccurses_crash_stack_ensure(void);
/// Sends standard error to an unlinked temporary file while the screen runs, so messages cannot
/// scribble over the screen or vanish with the alternate screen. Returns 0, or -1 (nothing changed).
int ccurses_stderr_capture_begin(void);
/// Async-signal-safe: points standard error back at the terminal and copies what was captured
/// there (up to 64 KiB), so a crash message such as Swift's "Fatal error: ..." stays readable.
/// The crash handler calls it after restoring the terminal; a normal exit calls it after `endwin`.
void ccurses_stderr_capture_end(void);
/// Forks the crash watcher: a small process that restores the terminal (and shows the captured
/// standard error) if the program dies without restoring it itself — a stack overflow on a thread
/// without the crash handler's signal stack (a Dispatch worker, the network thread), or SIGKILL,
/// where no handler can run. It only uses async-signal-safe calls, keeps no descriptor of the
/// program but the terminal and the standard-error capture, and ignores job-control signals.
/// Call after `ccurses_terminal_save` (and `ccurses_stderr_capture_begin`). Returns 0, or -1.
int ccurses_crash_watcher_start(void);
/// Async-signal-safe: arms (the program owns the terminal) or disarms (the terminal belongs to the
/// shell or another program, e.g. while suspended) the watcher. The crash handler disarms it after
/// restoring the terminal itself.
void ccurses_crash_watcher_arm(bool armed);
/// Stops the watcher without a restore and reaps it (normal exit).
void ccurses_crash_watcher_stop(void);
/// Puts the previous handlers back (normal exit).
void ccurses_crash_guard_uninstall(void);
/// Marks the saved terminal state as no longer needing a restore (after a clean `endwin`).
void ccurses_terminal_forget(void);

#endif
