// JSONTree's vector pre-pass (issue 31): one read of the body that counts the bytes bounding the
// tape's size and validates UTF-8 32 bytes at a time, so the parser's string scan no longer stops
// at every non-ASCII character. Pure computation over bytes: no allocation, no system calls.
#ifndef LAZER_JSON_KERNEL_H
#define LAZER_JSON_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/// What the pass carries from one piece of the body to the next.
typedef struct {
    /// The previous 32-byte block (a multi-byte character may straddle two blocks).
    uint8_t previous[32];
    /// Non-zero bytes where the previous block ended inside a multi-byte character.
    uint8_t incomplete[32];
    /// Non-zero once any invalid UTF-8 was seen.
    uint8_t invalid;
    /// Bytes equal to ',' or form feed (',' | 0x20) and to '{' or '[' ('[' | 0x20).
    uint64_t commas;
    uint64_t opens;
} lazer_json_prepass;

/// Whether this CPU runs the vector pass (x86-64 with AVX2); otherwise JSONTree counts and
/// validates in Swift as before.
int lazer_json_prepass_available(void);

/// Starts a pass.
void lazer_json_prepass_start(lazer_json_prepass *state);

/// Reads `count` more bytes. Every piece but the last must be a multiple of 64 bytes long;
/// `last` (non-zero) ends the pass: a character cut off at the end makes it invalid.
void lazer_json_prepass_read(lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last);

/// `lazer_json_prepass_read` with the kernel chosen: 1 AVX2, 2 AVX-512 where the CPU has it (tests
/// compare them). Pieces must then be multiples of 64 bytes.
void lazer_json_prepass_read_with(
    lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last, int kernel);

// The structural index (stage one of a two-stage parse, as simdjson does it): the offsets of every
// byte the parser must look at — brackets, braces, colons and commas outside strings, every
// unescaped quote (opening and closing), every escaping backslash inside a string, and the first
// byte of every run of other bytes outside strings (a number or a literal) — found 64 bytes at a
// time. The Swift parser then reads offsets instead of bytes.

/// What the index carries from one piece of the body to the next.
typedef struct {
    /// All ones when the last block ended inside a string.
    uint64_t in_string;
    /// 1 when the next block's first byte is escaped (the last block ended on an escaping backslash).
    uint64_t escaped;
    /// 1 when the last block ended inside a run of other bytes (a number or a literal).
    uint64_t scalar;
    /// Non-zero once a byte below 0x20 was seen inside a string (JSON requires it escaped).
    uint64_t control;
} lazer_json_index;

/// Whether this CPU runs the index (x86-64 with AVX2 and carry-less multiplication).
int lazer_json_index_available(void);

/// Starts an index.
void lazer_json_index_start(lazer_json_index *state);

/// Indexes `count` more bytes, which start `offset` bytes into the body: writes each structural
/// byte's offset in the body to `out` and returns how many it wrote. Every piece but the last must
/// be a multiple of 64 bytes long; the last is read as if padded with spaces. `out` must have room
/// for `count + 64` offsets (the writes run ahead of the count).
size_t lazer_json_index_read(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out);

/// Whether this CPU runs the AVX-512 kernel (AVX-512 BW and VBMI2), which `lazer_json_index_read`
/// then prefers.
int lazer_json_index_wide_available(void);

/// `lazer_json_index_read` with the kernel chosen: 1 AVX2, 2 AVX-512 (tests compare them).
size_t lazer_json_index_read_with(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out, int kernel);

#endif
