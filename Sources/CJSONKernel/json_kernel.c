// The vector pre-pass declared in json_kernel.h. UTF-8 is checked the way Keiser and Lemire
// describe ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021): three 16-entry
// tables, looked up by the high and low nibbles of the previous byte and the high nibble of the
// current one, flag every invalid two-byte pattern; the third and fourth bytes of long
// characters are checked by where the lead bytes two and three back are.
#include "json_kernel.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

// Error flags: a pair of bytes is invalid when its three lookups share a flag.
#define TOO_SHORT (1 << 0)   // a lead byte not followed by a continuation
#define TOO_LONG (1 << 1)    // a continuation after an ASCII byte
#define OVERLONG_3 (1 << 2)  // E0 80..9F
#define TOO_LARGE (1 << 3)   // F4 90..BF, F5.. 90..BF
#define SURROGATE (1 << 4)   // ED A0..BF
#define OVERLONG_2 (1 << 5)  // C0, C1
#define TOO_LARGE_1000 (1 << 6)  // F5.. 80..8F
#define OVERLONG_4 (1 << 6)  // F0 80..8F
#define TWO_CONTS (1 << 7)   // two continuations: an error unless a third or fourth byte
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS)

/// A 16-entry table in both lanes (`_mm256_shuffle_epi8` looks up within each 128-bit lane).
__attribute__((target("avx2"))) static inline __m256i table(
    uint8_t e0, uint8_t e1, uint8_t e2, uint8_t e3, uint8_t e4, uint8_t e5, uint8_t e6, uint8_t e7,
    uint8_t e8, uint8_t e9, uint8_t e10, uint8_t e11, uint8_t e12, uint8_t e13, uint8_t e14, uint8_t e15) {
    uint8_t entries[32] = {e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15,
                           e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15};
    return _mm256_loadu_si256((const __m256i *)entries);
}

/// The error flags of a pair of bytes, looked up by the first byte's high nibble…
__attribute__((target("avx2"))) static inline __m256i first_high_table(void) {
    return table(
        TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
        TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
        TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4);
}

/// …by its low nibble…
__attribute__((target("avx2"))) static inline __m256i first_low_table(void) {
    return table(
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY,
        CARRY | TOO_LARGE, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000);
}

/// …and by the second byte's high nibble.
__attribute__((target("avx2"))) static inline __m256i second_high_table(void) {
    return table(
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT);
}

/// The block's bytes shifted by `n` (1–3) toward the end, the previous block's last bytes in front.
#define PREVIOUS(input, before, n) \
    _mm256_alignr_epi8((input), _mm256_permute2x128_si256((before), (input), 0x21), 16 - (n))

__attribute__((target("avx2"))) static inline __m256i check_block(__m256i input, __m256i before) {
    const __m256i low_nibble = _mm256_set1_epi8(0x0F);
    __m256i previous1 = PREVIOUS(input, before, 1);
    const __m256i first_high = first_high_table();
    const __m256i first_low = first_low_table();
    const __m256i second_high = second_high_table();
    __m256i high1 = _mm256_and_si256(_mm256_srli_epi16(previous1, 4), low_nibble);
    __m256i low1 = _mm256_and_si256(previous1, low_nibble);
    __m256i high2 = _mm256_and_si256(_mm256_srli_epi16(input, 4), low_nibble);
    __m256i special = _mm256_and_si256(
        _mm256_and_si256(_mm256_shuffle_epi8(first_high, high1), _mm256_shuffle_epi8(first_low, low1)),
        _mm256_shuffle_epi8(second_high, high2));
    // A third byte (two after E0..FF) or a fourth (three after F0..FF) must be a continuation.
    __m256i previous2 = PREVIOUS(input, before, 2);
    __m256i previous3 = PREVIOUS(input, before, 3);
    __m256i third = _mm256_subs_epu8(previous2, _mm256_set1_epi8((char)(0xE0 - 1)));
    __m256i fourth = _mm256_subs_epu8(previous3, _mm256_set1_epi8((char)(0xF0 - 1)));
    __m256i must_continue = _mm256_and_si256(
        _mm256_cmpgt_epi8(_mm256_or_si256(third, fourth), _mm256_setzero_si256()),
        _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(must_continue, special);
}

/// Non-zero where the block ends inside a character: its last byte a lead, or its last two or
/// three the start of a three- or four-byte one.
__attribute__((target("avx2"))) static inline __m256i ends_incomplete(__m256i input) {
    const __m256i limits = _mm256_setr_epi8(
        (char)255, (char)255, (char)255, (char)255, (char)255, (char)255, (char)255, (char)255,
        (char)255, (char)255, (char)255, (char)255, (char)255, (char)255, (char)255, (char)255,
        (char)255, (char)255, (char)255, (char)255, (char)255, (char)255, (char)255, (char)255,
        (char)255, (char)255, (char)255, (char)255, (char)255, (char)(0xF0 - 1), (char)(0xE0 - 1),
        (char)(0xC0 - 1));
    return _mm256_subs_epu8(input, limits);
}

__attribute__((target("avx2"))) static void read_avx2(
    lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last) {
    __m256i before = _mm256_loadu_si256((const __m256i *)state->previous);
    __m256i incomplete = _mm256_loadu_si256((const __m256i *)state->incomplete);
    __m256i error = _mm256_setzero_si256();
    const __m256i fold = _mm256_set1_epi8(0x20);
    const __m256i comma = _mm256_set1_epi8(0x2C);
    const __m256i open = _mm256_set1_epi8(0x7B);
    uint64_t commas = 0, opens = 0;
    uint8_t tail[32];
    size_t position = 0;
    while (position < count) {
        __m256i input;
        if (position + 32 <= count) {
            input = _mm256_loadu_si256((const __m256i *)(bytes + position));
        } else {
            // The last piece's tail, padded with spaces (ASCII, counted as nothing).
            memset(tail, 0x20, sizeof tail);
            memcpy(tail, bytes + position, count - position);
            input = _mm256_loadu_si256((const __m256i *)tail);
        }
        position += 32;
        __m256i folded = _mm256_or_si256(input, fold);
        commas += (uint64_t)__builtin_popcount((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, comma)));
        opens += (uint64_t)__builtin_popcount((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, open)));
        if (_mm256_movemask_epi8(input) == 0) {
            // All ASCII: valid, unless the block before ended inside a character.
            error = _mm256_or_si256(error, incomplete);
            incomplete = _mm256_setzero_si256();
        } else {
            error = _mm256_or_si256(error, check_block(input, before));
            incomplete = ends_incomplete(input);
        }
        before = input;
    }
    if (last) error = _mm256_or_si256(error, incomplete);
    if (!_mm256_testz_si256(error, error)) state->invalid = 1;
    state->commas += commas;
    state->opens += opens;
    _mm256_storeu_si256((__m256i *)state->previous, before);
    _mm256_storeu_si256((__m256i *)state->incomplete, incomplete);
}

#define TARGET512 __attribute__((target("avx512f,avx512bw")))

/// `table` in all four 128-bit lanes.
TARGET512 static inline __m512i table512(__m256i table) {
    return _mm512_broadcast_i32x4(_mm256_castsi256_si128(table));
}

/// `check_block` 64 bytes at a time: `before` is the previous block (only its last lane is read).
TARGET512 static inline __m512i check_block512(
    __m512i input, __m512i before, __m512i first_high, __m512i first_low, __m512i second_high) {
    const __m512i low_nibble = _mm512_set1_epi8(0x0F);
    // Each lane's previous lane: the block's lanes 0-2 after the previous block's lane 3.
    __m512i lanes_before = _mm512_alignr_epi64(input, before, 6);
    __m512i previous1 = _mm512_alignr_epi8(input, lanes_before, 15);
    __m512i previous2 = _mm512_alignr_epi8(input, lanes_before, 14);
    __m512i previous3 = _mm512_alignr_epi8(input, lanes_before, 13);
    __m512i high1 = _mm512_and_si512(_mm512_srli_epi16(previous1, 4), low_nibble);
    __m512i low1 = _mm512_and_si512(previous1, low_nibble);
    __m512i high2 = _mm512_and_si512(_mm512_srli_epi16(input, 4), low_nibble);
    __m512i special = _mm512_and_si512(
        _mm512_and_si512(_mm512_shuffle_epi8(first_high, high1), _mm512_shuffle_epi8(first_low, low1)),
        _mm512_shuffle_epi8(second_high, high2));
    __m512i third = _mm512_subs_epu8(previous2, _mm512_set1_epi8((char)(0xE0 - 1)));
    __m512i fourth = _mm512_subs_epu8(previous3, _mm512_set1_epi8((char)(0xF0 - 1)));
    // 0x80 where a third or fourth byte is due (any non-zero byte saturates past 0x7F).
    __m512i must_continue = _mm512_and_si512(
        _mm512_adds_epu8(_mm512_or_si512(third, fourth), _mm512_set1_epi8(0x7F)), _mm512_set1_epi8((char)0x80));
    return _mm512_xor_si512(must_continue, special);
}

/// `read_avx2` 64 bytes at a time, the counts from compare masks directly.
TARGET512 static void read_avx512(lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last) {
    // The tables `check_block` reads, in every lane.
    const __m512i first_high = table512(first_high_table());
    const __m512i first_low = table512(first_low_table());
    const __m512i second_high = table512(second_high_table());
    // The last three bytes of a block may start a character the next block ends.
    __m512i limits = _mm512_set1_epi8((char)255);
    limits = _mm512_mask_set1_epi8(limits, 1ULL << 61, (char)(0xF0 - 1));
    limits = _mm512_mask_set1_epi8(limits, 1ULL << 62, (char)(0xE0 - 1));
    limits = _mm512_mask_set1_epi8(limits, 1ULL << 63, (char)(0xC0 - 1));
    // The state keeps 32 bytes of each: the upper half of these vectors.
    __m512i before = _mm512_inserti64x4(
        _mm512_setzero_si512(), _mm256_loadu_si256((const __m256i *)state->previous), 1);
    __m512i incomplete = _mm512_inserti64x4(
        _mm512_setzero_si512(), _mm256_loadu_si256((const __m256i *)state->incomplete), 1);
    __m512i error = _mm512_setzero_si512();
    const __m512i fold = _mm512_set1_epi8(0x20), comma = _mm512_set1_epi8(0x2C), open = _mm512_set1_epi8(0x7B);
    uint64_t commas = 0, opens = 0;
    for (size_t position = 0; position < count; position += 64) {
        __m512i input;
        if (position + 64 <= count) {
            input = _mm512_loadu_si512(bytes + position);
        } else {
            __mmask64 present = ~0ULL >> (64 - (count - position));
            input = _mm512_mask_loadu_epi8(_mm512_set1_epi8(0x20), present, bytes + position);
        }
        __m512i folded = _mm512_or_si512(input, fold);
        commas += (uint64_t)__builtin_popcountll(_mm512_cmpeq_epi8_mask(folded, comma));
        opens += (uint64_t)__builtin_popcountll(_mm512_cmpeq_epi8_mask(folded, open));
        if (_mm512_movepi8_mask(input) == 0) {
            error = _mm512_or_si512(error, incomplete);
            incomplete = _mm512_setzero_si512();
        } else {
            error = _mm512_or_si512(error, check_block512(input, before, first_high, first_low, second_high));
            incomplete = _mm512_subs_epu8(input, limits);
        }
        before = input;
    }
    if (last) error = _mm512_or_si512(error, incomplete);
    if (_mm512_test_epi8_mask(error, error) != 0) state->invalid = 1;
    state->commas += commas;
    state->opens += opens;
    _mm256_storeu_si256((__m256i *)state->previous, _mm512_extracti64x4_epi64(before, 1));
    _mm256_storeu_si256((__m256i *)state->incomplete, _mm512_extracti64x4_epi64(incomplete, 1));
}

static int prepass_uses_avx512(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
}

int lazer_json_prepass_available(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }

void lazer_json_prepass_read(lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last) {
    if (prepass_uses_avx512()) {
        read_avx512(state, bytes, count, last);
    } else {
        read_avx2(state, bytes, count, last);
    }
}

void lazer_json_prepass_read_with(
    lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last, int kernel) {
    if (kernel == 2 && prepass_uses_avx512()) {
        read_avx512(state, bytes, count, last);
    } else {
        read_avx2(state, bytes, count, last);
    }
}

#else

int lazer_json_prepass_available(void) { return 0; }

void lazer_json_prepass_read_with(
    lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last, int kernel) {
    (void)kernel;
    lazer_json_prepass_read(state, bytes, count, last);
}

void lazer_json_prepass_read(lazer_json_prepass *state, const uint8_t *bytes, size_t count, int last) {
    (void)state;
    (void)bytes;
    (void)count;
    (void)last;
}

#endif

void lazer_json_prepass_start(lazer_json_prepass *state) { memset(state, 0, sizeof *state); }
