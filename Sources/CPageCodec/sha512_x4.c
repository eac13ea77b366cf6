/*
 * SHA-512's compression function (FIPS 180-4, section 6.4) on four independent messages at once, one per 64-bit
 * lane of an AVX2 register (with AVX-512VL's rotations and three-input logic where the CPU has them): what lets the
 * codec verify four SQLCipher 4 pages' HMAC-SHA512s in well under the time of four.
 * OpenSSL 3.0 has no multi-buffer SHA-512, so this is written by hand. Its constants are FIPS 180-4's (the first
 * 64 bits of the fractional parts of the cube roots of the first 80 primes; they were generated from that
 * definition with integer roots, not copied by hand), and the tests check the HMAC built on it, on both
 * instruction sets, against OpenSSL's and RFC 4231's vectors. Without AVX2 (or off x86-64) it reports itself unavailable
 * and the codec verifies each page with OpenSSL alone.
 */
#include <pthread.h>
#include "page_codec_primitives.h"
#include "sha512_x4.h"

static const uint64_t dp_sha512_k[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

const uint64_t dp_sha512_initial[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

#if defined(__x86_64__)
#include <immintrin.h>
#include <cpuid.h>

static pthread_once_t dp_x4_once = PTHREAD_ONCE_INIT;
static int dp_x4_avx2, dp_x4_avx512;

static void dp_x4_detect(void) {
    unsigned int a, b, c, d;
    /* AVX2 needs the OS to save the YMM state (OSXSAVE and XCR0 bits 1-2) as well as the CPU flag. */
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return;
    unsigned int xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return;
    dp_x4_avx2 = (b & bit_AVX2) != 0;
    /* AVX-512 also needs the OS to save the opmask and ZMM state (XCR0 bits 5-7). */
    dp_x4_avx512 = dp_x4_avx2 && (b & bit_AVX512F) && (b & bit_AVX512VL) && (xcr0_low & 0xe0) == 0xe0;
}

int dp_sha512_x4_available(void) {
    pthread_once(&dp_x4_once, dp_x4_detect);
    return dp_x4_avx2;
}

int dp_sha512_x4_code(int avx2_only) {
    pthread_once(&dp_x4_once, dp_x4_detect);
    if (dp_x4_avx512 && !avx2_only) return DP_SHA512_X4_AVX512;
    return dp_x4_avx2 ? DP_SHA512_X4_AVX2 : DP_SHA512_X4_NONE;
}

/* AVX2: a rotation is two shifts and an OR; the three-input functions are two or three operations. */
#define DP_X4 __attribute__((target("avx2")))
#define DP_X4_NAME(part) dp_x4_##part##_avx2
#define ROR(x, n) _mm256_or_si256(_mm256_srli_epi64((x), (n)), _mm256_slli_epi64((x), 64 - (n)))
#define XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256((a), (b)), (c))
#define CHOOSE(e, f, g) _mm256_xor_si256(_mm256_and_si256((e), (f)), _mm256_andnot_si256((e), (g)))
#define MAJORITY(a, b, c) _mm256_or_si256(_mm256_and_si256((a), (b)), _mm256_and_si256((c), _mm256_or_si256((a), (b))))
#define ADD(a, b) _mm256_add_epi64((a), (b))
#include "sha512_x4_block.h"
#undef DP_X4
#undef DP_X4_NAME
#undef ROR
#undef XOR3
#undef CHOOSE
#undef MAJORITY

/* AVX-512VL on the same 256-bit registers: one instruction per rotation and per three-input function. */
#define DP_X4 __attribute__((target("avx2,avx512f,avx512vl")))
#define DP_X4_NAME(part) dp_x4_##part##_avx512
#define ROR(x, n) _mm256_ror_epi64((x), (n))
#define XOR3(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)
#define CHOOSE(e, f, g) _mm256_ternarylogic_epi64((e), (f), (g), 0xca)
#define MAJORITY(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xe8)
#include "sha512_x4_block.h"

void dp_sha512_x4_compress(int code, uint64_t state[8][4], const unsigned char *const data[4], size_t blocks) {
    /* `code` came from dp_sha512_x4_code on this CPU: no detection (nor any shared state) per call. */
    if (code == DP_SHA512_X4_AVX512) {
        dp_x4_compress_avx512(state, data, blocks);
    } else if (code == DP_SHA512_X4_AVX2) {
        dp_x4_compress_avx2(state, data, blocks);
    }
}

#else

int dp_sha512_x4_available(void) { return 0; }
int dp_sha512_x4_code(int avx2_only) { (void)avx2_only; return DP_SHA512_X4_NONE; }
void dp_sha512_x4_compress(int code, uint64_t state[8][4], const unsigned char *const data[4], size_t blocks) {
    (void)code; (void)state; (void)data; (void)blocks;
}

#endif
