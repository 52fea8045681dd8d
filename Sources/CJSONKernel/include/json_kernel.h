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

/// Reads `count` more bytes. Every piece but the last must be a multiple of 32 bytes long;
/// `last` (non-zero) ends the pass: a character cut off at the end makes it invalid.
void lazer_json_prepass_read(lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last);

#endif
