// The structural index declared in json_kernel.h: each 64-byte block is classified with AVX2
// compares into bit masks (one bit a byte), strings are found from their quotes with a carry-less
// multiplication (the prefix XOR of the quote mask: every bit after an odd number of quotes is
// inside a string), and the set bits are written out as offsets. The method is the one Langdale
// and Lemire describe for simdjson ("Parsing Gigabytes of JSON per Second", 2019); escapes are
// resolved by a short loop over the backslashes, which are rare.
#include "json_kernel.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

#define TARGET __attribute__((target("avx2,pclmul")))

/// One bit a byte of a 64-byte block from its two halves' compare results.
TARGET static inline uint64_t bits(__m256i low, __m256i high) {
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(low) | (uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32;
}

/// Whitespace: the table holds, at each low nibble, the whitespace byte with that nibble (space,
/// tab, line feed, return), and elsewhere a byte whose low nibble differs from its place.
TARGET static inline __m256i spaces(__m256i input) {
    const __m256i table = _mm256_setr_epi8(
        ' ', 0, 1, 1, 1, 1, 1, 1, 1, '\t', '\n', 1, 1, '\r', 1, 1,
        ' ', 0, 1, 1, 1, 1, 1, 1, 1, '\t', '\n', 1, 1, '\r', 1, 1);
    return _mm256_cmpeq_epi8(input, _mm256_shuffle_epi8(table, input));
}

/// Brackets, braces, colons and commas: OR-ing 0x20 folds '[' ']' onto '{' '}', and the table
/// holds the wanted byte at its low nibble. 0x0C and 0x1A fold onto ',' and ':' too: they are
/// control characters, errors wherever they stand, and stage two reads the byte before trusting it.
TARGET static inline __m256i operators(__m256i input) {
    const __m256i table = _mm256_setr_epi8(
        1, 0, 1, 1, 1, 1, 1, 1, 1, 1, ':', '{', ',', '}', 1, 1,
        1, 0, 1, 1, 1, 1, 1, 1, 1, 1, ':', '{', ',', '}', 1, 1);
    return _mm256_cmpeq_epi8(_mm256_or_si256(input, _mm256_set1_epi8(0x20)), _mm256_shuffle_epi8(table, input));
}

/// Bytes below 0x20.
TARGET static inline __m256i controls(__m256i input) {
    const __m256i limit = _mm256_set1_epi8(0x1F);
    return _mm256_cmpeq_epi8(_mm256_max_epu8(input, limit), limit);
}

/// Bit i set when an odd number of bits at or below i are set in `bits`.
TARGET static inline uint64_t prefix_xor(uint64_t bits) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)bits), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

/// The escaped bytes of a block with backslashes `backslashes` (the escaping ones and the escaped
/// ones both among them); `state->escaped` carries an escape across blocks.
static inline uint64_t escaped_bytes(lazer_json_index *state, uint64_t backslashes) {
    uint64_t escaped = state->escaped;
    uint64_t pending = backslashes & ~escaped;
    state->escaped = 0;
    while (pending) {
        int bit = __builtin_ctzll(pending);
        if (bit == 63) {
            state->escaped = 1;
            break;
        }
        escaped |= 2ULL << bit;
        // Everything up to the escaped byte is done.
        pending &= bit == 62 ? 0 : ~((4ULL << bit) - 1);
    }
    return escaped;
}

/// `escaped_bytes` without a loop (the AVX-512 kernel: a string-heavy body has a backslash in most
/// blocks, and the loop's branches cost a third of the pass). A run of backslashes escapes the
/// byte after it when the run is odd. Adding each run's first bit to the run carries out of it
/// and marks the byte after it, so the runs are told apart by the parity of where they start:
/// runs starting on odd bits are added separately from the others, and each escaped byte is
/// then the one whose parity differs from its run's start.
static inline uint64_t escaped_bytes_at_once(lazer_json_index *state, uint64_t backslashes) {
    const uint64_t even = 0x5555555555555555ULL;
    // A backslash escaped from the block before starts nothing.
    uint64_t unescaped = backslashes & ~state->escaped;
    uint64_t follows = unescaped << 1 | state->escaped;
    uint64_t odd_starts = unescaped & ~even & ~follows;
    uint64_t ends_of_odd_starts;
    state->escaped = __builtin_add_overflow(odd_starts, unescaped, &ends_of_odd_starts) ? 1 : 0;
    return (even ^ ends_of_odd_starts << 1) & follows;
}

/// Writes the offsets of the set bits of `bits`, eight at a time (the writes past the last set bit
/// land in the room `out` has after the count): one branch per eight offsets, not one per offset.
static inline uint32_t *flatten(uint32_t *out, uint64_t bits, uint32_t base) {
    int count = __builtin_popcountll(bits);
    uint32_t *end = out + count;
#define ONE(lane)                                              \
    out[lane] = base + (uint32_t)__builtin_ctzll(bits | (1ULL << 63)); \
    bits &= bits - 1;
#define EIGHT ONE(0) ONE(1) ONE(2) ONE(3) ONE(4) ONE(5) ONE(6) ONE(7)
    EIGHT
    if (count > 8) {
        out += 8;
        EIGHT
        if (count > 16) {
            out += 8;
            EIGHT
            while (bits) {
                out += 8;
                EIGHT
            }
        }
    }
#undef EIGHT
#undef ONE
    return end;
}

TARGET static size_t read_avx2(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out) {
    uint32_t *cursor = out;
    uint8_t tail[64];
    for (size_t position = 0; position < count; position += 64) {
        const uint8_t *block = bytes + position;
        if (position + 64 > count) {
            memset(tail, 0x20, sizeof tail);
            memcpy(tail, block, count - position);
            block = tail;
        }
        __m256i low = _mm256_loadu_si256((const __m256i *)block);
        __m256i high = _mm256_loadu_si256((const __m256i *)(block + 32));
        const __m256i quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\');
        uint64_t backslashes = bits(_mm256_cmpeq_epi8(low, backslash), _mm256_cmpeq_epi8(high, backslash));
        uint64_t escaped = backslashes | state->escaped ? escaped_bytes(state, backslashes) : 0;
        uint64_t quotes = bits(_mm256_cmpeq_epi8(low, quote), _mm256_cmpeq_epi8(high, quote)) & ~escaped;
        uint64_t in_string = prefix_xor(quotes) ^ state->in_string;
        state->in_string = (uint64_t)((int64_t)in_string >> 63);
        state->control |= bits(controls(low), controls(high)) & in_string;
        uint64_t ops = bits(operators(low), operators(high));
        uint64_t other = ~(ops | bits(spaces(low), spaces(high)) | quotes | in_string);
        uint64_t scalar_starts = other & ~(other << 1 | state->scalar);
        state->scalar = other >> 63;
        // In a string: only the escaping backslashes (the string's closing quote is not in
        // `in_string`, its opening one is).
        uint64_t structural = (ops & ~in_string) | quotes | scalar_starts | (backslashes & ~escaped & in_string);
        cursor = flatten(cursor, structural, offset + (uint32_t)position);
    }
    return (size_t)(cursor - out);
}

#define TARGET512 __attribute__((target("avx512f,avx512bw,avx512vbmi2,pclmul")))

/// `flatten` with AVX-512: the set bits' places compressed into the low bytes of a vector, then
/// widened to offsets sixteen at a time (no branch per eight offsets).
TARGET512 static inline uint32_t *flatten512(uint32_t *out, uint64_t bits, uint32_t base) {
    const __m512i places = _mm512_set_epi8(
        63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38,
        37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12,
        11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    int count = __builtin_popcountll(bits);
    __m512i packed = _mm512_maskz_compress_epi8(bits, places);
    __m512i offset = _mm512_set1_epi32((int)base);
    _mm512_storeu_si512(out, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(packed)), offset));
    if (count > 16) {
        _mm512_storeu_si512(
            out + 16, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 1)), offset));
        if (count > 32) {
            _mm512_storeu_si512(
                out + 32, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 2)), offset));
            _mm512_storeu_si512(
                out + 48, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 3)), offset));
        }
    }
    return out + count;
}

/// `read_avx2` 64 bytes a vector, the compares giving bit masks directly.
TARGET512 static size_t read_avx512(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out) {
    const __m512i space_table = _mm512_broadcast_i32x4(
        _mm_setr_epi8(' ', 0, 1, 1, 1, 1, 1, 1, 1, '\t', '\n', 1, 1, '\r', 1, 1));
    const __m512i operator_table = _mm512_broadcast_i32x4(
        _mm_setr_epi8(1, 0, 1, 1, 1, 1, 1, 1, 1, 1, ':', '{', ',', '}', 1, 1));
    const __m512i fold = _mm512_set1_epi8(0x20), quote = _mm512_set1_epi8('"');
    const __m512i backslash = _mm512_set1_epi8('\\'), limit = _mm512_set1_epi8(0x1F);
    uint32_t *cursor = out;
    for (size_t position = 0; position < count; position += 64) {
        __m512i input;
        if (position + 64 <= count) {
            input = _mm512_loadu_si512(bytes + position);
        } else {
            // The tail, padded with spaces.
            __mmask64 present = ~0ULL >> (64 - (count - position));
            input = _mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), present, bytes + position);
        }
        uint64_t backslashes = _mm512_cmpeq_epi8_mask(input, backslash);
        uint64_t escaped = backslashes | state->escaped ? escaped_bytes_at_once(state, backslashes) : 0;
        uint64_t quotes = _mm512_cmpeq_epi8_mask(input, quote) & ~escaped;
        uint64_t in_string = prefix_xor(quotes) ^ state->in_string;
        state->in_string = (uint64_t)((int64_t)in_string >> 63);
        state->control |= _mm512_cmple_epu8_mask(input, limit) & in_string;
        uint64_t ops = _mm512_cmpeq_epi8_mask(
            _mm512_or_si512(input, fold), _mm512_shuffle_epi8(operator_table, input));
        uint64_t spaces = _mm512_cmpeq_epi8_mask(input, _mm512_shuffle_epi8(space_table, input));
        uint64_t other = ~(ops | spaces | quotes | in_string);
        uint64_t scalar_starts = other & ~(other << 1 | state->scalar);
        state->scalar = other >> 63;
        uint64_t structural = (ops & ~in_string) | quotes | scalar_starts | (backslashes & ~escaped & in_string);
        cursor = flatten512(cursor, structural, offset + (uint32_t)position);
    }
    return (size_t)(cursor - out);
}

static int uses_avx512(void) {
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi2") &&
           __builtin_cpu_supports("pclmul");
}

int lazer_json_index_available(void) {
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") ? 1 : 0;
}

int lazer_json_index_wide_available(void) { return uses_avx512(); }

size_t lazer_json_index_read(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out) {
    if (uses_avx512()) return read_avx512(state, bytes, count, offset, out);
    return read_avx2(state, bytes, count, offset, out);
}

size_t lazer_json_index_read_with(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out, int kernel) {
    if (kernel == 2 && uses_avx512()) return read_avx512(state, bytes, count, offset, out);
    return read_avx2(state, bytes, count, offset, out);
}

#else

int lazer_json_index_available(void) { return 0; }

int lazer_json_index_wide_available(void) { return 0; }

size_t lazer_json_index_read_with(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out, int kernel) {
    (void)kernel;
    return lazer_json_index_read(state, bytes, count, offset, out);
}

size_t lazer_json_index_read(
    lazer_json_index *state, const uint8_t *bytes, size_t count, uint32_t offset, uint32_t *out) {
    (void)state;
    (void)bytes;
    (void)count;
    (void)offset;
    (void)out;
    return 0;
}

#endif

void lazer_json_index_start(lazer_json_index *state) { memset(state, 0, sizeof *state); }
