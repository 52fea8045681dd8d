// A JSON number checked in one 16-byte read (issue 31, goal 1): the structural index says where a
// number ends, so its bytes can be classified all at once — digits, dots, exponent letters, signs,
// one bit a byte — and the grammar checked with a handful of bit operations instead of a
// character-by-character scan whose every step waits on the one before. Inline, so the Swift
// parser's loop calls no function for it.
#ifndef LAZER_JSON_NUMBER_H
#define LAZER_JSON_NUMBER_H

#include <stdint.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/// The `length` bytes (1–16) at `bytes`, of which 16 can be read: 1 when they are exactly one JSON
/// integer (RFC 8259: `-?(0|[1-9][0-9]*)`), 2 when exactly one number with a fraction or an
/// exponent, 0 otherwise — not a number, or not one alone (the caller then checks the slow way).
static inline int lazer_json_number_kind(const uint8_t *bytes, int length) {
#if defined(__x86_64__)
    __m128i input = _mm_loadu_si128((const __m128i *)bytes);
    __m128i shifted = _mm_sub_epi8(input, _mm_set1_epi8('0'));
    uint32_t all = (1u << length) - 1;
    uint32_t digits =
        (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(shifted, _mm_set1_epi8(9)), shifted)) & all;
    uint32_t dots = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(input, _mm_set1_epi8('.'))) & all;
    uint32_t exponents = (uint32_t)_mm_movemask_epi8(
                             _mm_cmpeq_epi8(_mm_or_si128(input, _mm_set1_epi8(0x20)), _mm_set1_epi8('e'))) &
                         all;
    uint32_t minus = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(input, _mm_set1_epi8('-'))) & all;
    uint32_t signs = minus | ((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(input, _mm_set1_epi8('+'))) & all);
    if ((digits | dots | exponents | signs) != all) return 0;
    uint32_t lead = minus & 1;  // a minus sign first
    uint32_t after_exponent = exponents << 1;
    int valid = ((digits >> lead) & 1)                                  // a digit first (after the sign)
                & ((dots & (dots - 1)) == 0) & ((exponents & (exponents - 1)) == 0)  // one of each at most
                & ((signs & ~(lead | after_exponent)) == 0)              // signs first ('-') or after 'e'
                & ((dots << 1 & ~digits) == 0) & ((dots >> 1 & ~digits) == 0)        // digits around '.'
                & ((exponents >> 1 & ~digits) == 0)                                  // a digit before 'e'
                & ((after_exponent & ~(digits | signs)) == 0)                        // a digit or sign after
                & ((((signs & after_exponent) << 1) & ~digits) == 0)                 // a digit after that sign
                & (dots == 0 || exponents == 0 || dots < exponents)                  // the fraction first
                & ((digits >> (length - 1)) & 1)                                     // a digit last
                & !(bytes[lead] == '0' && ((digits >> (lead + 1)) & 1));             // no leading zero
    return valid ? ((dots | exponents) ? 2 : 1) : 0;
#else
    (void)bytes;
    (void)length;
    return 0;
#endif
}

#endif
