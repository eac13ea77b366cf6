/* SHA-512 and HMAC-SHA512 on four messages at once (sha512_x4.c, hmac_sha512_x4.c). Not part of the public API. */
#ifndef DRIVERPORT_SHA512_X4_H
#define DRIVERPORT_SHA512_X4_H

#include <stddef.h>
#include <stdint.h>

/* SHA-512's initial hash value (FIPS 180-4, 5.3.5). */
extern const uint64_t dp_sha512_initial[8];

/* Whether this CPU runs the four-way code (AVX2 on x86-64); when not, the functions below do nothing. */
int dp_sha512_x4_available(void);

/* The code that runs the four lanes. */
enum { DP_SHA512_X4_NONE = 0, DP_SHA512_X4_AVX2 = 1, DP_SHA512_X4_AVX512 = 2 };

/* The code this CPU runs the four lanes with: AVX-512VL where present, else AVX2, else none. avx2_only != 0 picks
 * the AVX2 code even where AVX-512VL is present (the tests check both on one machine). Chosen once per key
 * (dp_hmac512_x4_init), so the per-call dispatch reads no shared state. */
int dp_sha512_x4_code(int avx2_only);

/* Runs the compression function with `code` (from dp_sha512_x4_code) over `blocks` 128-byte blocks of each lane's
 * data; word j of lane i's state is state[j][i]. */
void dp_sha512_x4_compress(int code, uint64_t state[8][4], const unsigned char *const data[4], size_t blocks);

/* An HMAC-SHA512 key as the states after its inner and outer pad blocks: key material, wiped by its owner; with the
 * code its hashes run with. */
typedef struct dp_hmac512_x4 {
    uint64_t inner[8];
    uint64_t outer[8];
    int code;
} dp_hmac512_x4;

/* Prepares `hmac` for a key of at most 128 bytes, with the best code this CPU has; 0, or -1 when the four-way code
 * is unavailable or the key is longer. */
int dp_hmac512_x4_init(dp_hmac512_x4 *hmac, const unsigned char *key, size_t key_length);

/* The same with the AVX2 code when avx2_only != 0 (dp_sha512_x4_code). */
int dp_hmac512_x4_init_code(dp_hmac512_x4 *hmac, const unsigned char *key, size_t key_length, int avx2_only);

/* HMAC-SHA512 of four messages of one length: message i is data[i][0 ..< length] ++ suffix[i][0 ..< suffix_length]
 * (suffix_length at most 32), its tag into out[i]. */
void dp_hmac512_x4_compute(const dp_hmac512_x4 *hmac, const unsigned char *const data[4], size_t length,
                           const unsigned char *const suffix[4], size_t suffix_length, unsigned char out[4][64]);

#endif
