/*
 * BLAKE2b (RFC 7693, any output length: OpenSSL 3.0 fixes it at 64 bytes) and Argon2id version 0x13 (RFC 9106),
 * the key derivation SQLite3 Multiple Ciphers' AEGIS format uses. Lanes are filled one after another.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include "page_codec_primitives.h"

/* ---- BLAKE2b ---- */

static const uint64_t dp_b2_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

static const uint8_t dp_b2_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

typedef struct dp_b2 {
    uint64_t h[8];
    uint64_t t;
    unsigned char buffer[128];
    size_t filled;
    size_t out_length;
} dp_b2;

static inline uint64_t dp_rotr64(uint64_t x, int n) { return x >> n | x << (64 - n); }

static uint64_t dp_le64(const unsigned char *p) {
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--) x = x << 8 | p[i];
    return x;
}

static void dp_put_le64(unsigned char *p, uint64_t x) {
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(x >> (8 * i));
}

static void dp_b2_compress(dp_b2 *c, const unsigned char *block, int last) {
    uint64_t m[16], v[16];
    for (int i = 0; i < 16; i++) m[i] = dp_le64(block + 8 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = c->h[i];
        v[i + 8] = dp_b2_iv[i];
    }
    v[12] ^= c->t;
    if (last) v[14] = ~v[14];
#define DP_B2_G(a, b, cc, d, x, y)                                                                                   \
    do {                                                                                                            \
        v[a] = v[a] + v[b] + (x); v[d] = dp_rotr64(v[d] ^ v[a], 32);                                                \
        v[cc] = v[cc] + v[d]; v[b] = dp_rotr64(v[b] ^ v[cc], 24);                                                   \
        v[a] = v[a] + v[b] + (y); v[d] = dp_rotr64(v[d] ^ v[a], 16);                                                \
        v[cc] = v[cc] + v[d]; v[b] = dp_rotr64(v[b] ^ v[cc], 63);                                                   \
    } while (0)
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = dp_b2_sigma[r];
        DP_B2_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
        DP_B2_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
        DP_B2_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
        DP_B2_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
        DP_B2_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
        DP_B2_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
        DP_B2_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
        DP_B2_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
#undef DP_B2_G
    for (int i = 0; i < 8; i++) c->h[i] ^= v[i] ^ v[i + 8];
    OPENSSL_cleanse(m, sizeof(m));
    OPENSSL_cleanse(v, sizeof(v));
}

static void dp_b2_init(dp_b2 *c, size_t out_length) {
    memset(c, 0, sizeof(*c));
    memcpy(c->h, dp_b2_iv, sizeof(c->h));
    c->h[0] ^= 0x01010000ull ^ (uint64_t)out_length;
    c->out_length = out_length;
}

static void dp_b2_update(dp_b2 *c, const unsigned char *in, size_t length) {
    while (length > 0) {
        /* A full buffer is compressed only once more input follows: the last block is compressed as last. */
        if (c->filled == 128) {
            c->t += 128;
            dp_b2_compress(c, c->buffer, 0);
            c->filled = 0;
        }
        size_t take = 128 - c->filled < length ? 128 - c->filled : length;
        memcpy(c->buffer + c->filled, in, take);
        c->filled += take;
        in += take;
        length -= take;
    }
}

static void dp_b2_final(dp_b2 *c, unsigned char *out) {
    unsigned char full[64];
    c->t += c->filled;
    memset(c->buffer + c->filled, 0, 128 - c->filled);
    dp_b2_compress(c, c->buffer, 1);
    for (int i = 0; i < 8; i++) dp_put_le64(full + 8 * i, c->h[i]);
    memcpy(out, full, c->out_length);
    OPENSSL_cleanse(full, sizeof(full));
    OPENSSL_cleanse(c, sizeof(*c));
}

void dp_blake2b(unsigned char *out, size_t out_length, const unsigned char *a, size_t a_length, const unsigned char *b,
                size_t b_length) {
    dp_b2 c;
    dp_b2_init(&c, out_length);
    dp_b2_update(&c, a, a_length);
    dp_b2_update(&c, b, b_length);
    dp_b2_final(&c, out);
}

/* ---- Argon2id ---- */

#define DP_ARGON_WORDS 128 /* 64-bit words in a 1 KiB block */

static void dp_put_le32_(unsigned char *p, uint32_t x) {
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(x >> (8 * i));
}

static void dp_b2_update_le32(dp_b2 *c, uint32_t x) {
    unsigned char bytes[4];
    dp_put_le32_(bytes, x);
    dp_b2_update(c, bytes, 4);
}

/* H': BLAKE2b stretched to any length (RFC 9106 section 3.3). */
static void dp_argon_hash(unsigned char *out, uint32_t out_length, const unsigned char *in, size_t in_length) {
    dp_b2 c;
    if (out_length <= 64) {
        dp_b2_init(&c, out_length);
        dp_b2_update_le32(&c, out_length);
        dp_b2_update(&c, in, in_length);
        dp_b2_final(&c, out);
        return;
    }
    unsigned char v[64];
    uint32_t r = (out_length + 31) / 32 - 2;
    dp_b2_init(&c, 64);
    dp_b2_update_le32(&c, out_length);
    dp_b2_update(&c, in, in_length);
    dp_b2_final(&c, v);
    memcpy(out, v, 32);
    for (uint32_t i = 2; i <= r; i++) {
        dp_blake2b(v, 64, v, 64, NULL, 0);
        memcpy(out + 32 * (i - 1), v, 32);
    }
    dp_blake2b(out + 32 * r, out_length - 32 * r, v, 64, NULL, 0);
    OPENSSL_cleanse(v, sizeof(v));
}

static inline uint64_t dp_blamka(uint64_t x, uint64_t y) {
    return x + y + 2 * (x & 0xffffffffull) * (y & 0xffffffffull);
}

#define DP_GB(a, b, c, d)                                                                                            \
    do {                                                                                                            \
        a = dp_blamka(a, b); d = dp_rotr64(d ^ a, 32);                                                              \
        c = dp_blamka(c, d); b = dp_rotr64(b ^ c, 24);                                                              \
        a = dp_blamka(a, b); d = dp_rotr64(d ^ a, 16);                                                              \
        c = dp_blamka(c, d); b = dp_rotr64(b ^ c, 63);                                                              \
    } while (0)

/* The BLAKE2b round without message on 16 words given by their indexes into v. */
static void dp_argon_round(uint64_t *v, const int idx[16]) {
    uint64_t *w[16];
    for (int i = 0; i < 16; i++) w[i] = &v[idx[i]];
    DP_GB(*w[0], *w[4], *w[8], *w[12]);
    DP_GB(*w[1], *w[5], *w[9], *w[13]);
    DP_GB(*w[2], *w[6], *w[10], *w[14]);
    DP_GB(*w[3], *w[7], *w[11], *w[15]);
    DP_GB(*w[0], *w[5], *w[10], *w[15]);
    DP_GB(*w[1], *w[6], *w[11], *w[12]);
    DP_GB(*w[2], *w[7], *w[8], *w[13]);
    DP_GB(*w[3], *w[4], *w[9], *w[14]);
}

/* next = (xor ? next : 0) ^ R ^ P(R), R = prev ^ ref: the compression function G. */
static void dp_argon_fill(const uint64_t *prev, const uint64_t *ref, uint64_t *next, int with_xor) {
    uint64_t r[DP_ARGON_WORDS], q[DP_ARGON_WORDS];
    int idx[16];
    for (int i = 0; i < DP_ARGON_WORDS; i++) r[i] = q[i] = prev[i] ^ ref[i];
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 16; j++) idx[j] = 16 * i + j;
        dp_argon_round(q, idx);
    }
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++) {
            idx[2 * j] = 2 * i + 16 * j;
            idx[2 * j + 1] = 2 * i + 16 * j + 1;
        }
        dp_argon_round(q, idx);
    }
    for (int i = 0; i < DP_ARGON_WORDS; i++) next[i] = (with_xor ? next[i] : 0) ^ r[i] ^ q[i];
}

static void dp_argon_block_from_bytes(uint64_t *block, const unsigned char *bytes) {
    for (int i = 0; i < DP_ARGON_WORDS; i++) block[i] = dp_le64(bytes + 8 * i);
}

int dp_argon2id(unsigned char *out, size_t out_length, const unsigned char *password, size_t password_length,
                const unsigned char *salt, size_t salt_length, const unsigned char *secret, size_t secret_length,
                const unsigned char *ad, size_t ad_length, uint32_t t_cost, uint32_t m_cost_kib, uint32_t lanes) {
    if (out_length < 4 || out_length > 0xffffffffu || t_cost < 1 || lanes < 1 || lanes > 0xffffff
        || m_cost_kib < 8 * lanes || salt_length < 8) {
        return -1;
    }
    uint32_t blocks = 4 * lanes * (m_cost_kib / (4 * lanes));
    uint32_t columns = blocks / lanes, segment = columns / 4;
    uint64_t *memory = calloc((size_t)blocks, DP_ARGON_WORDS * sizeof(uint64_t));
    if (memory == NULL) return -1;

    /* H0 over the parameters and inputs. */
    unsigned char h0[72], bytes[1024];
    dp_b2 c;
    dp_b2_init(&c, 64);
    dp_b2_update_le32(&c, lanes);
    dp_b2_update_le32(&c, (uint32_t)out_length);
    dp_b2_update_le32(&c, m_cost_kib);
    dp_b2_update_le32(&c, t_cost);
    dp_b2_update_le32(&c, 0x13);
    dp_b2_update_le32(&c, 2); /* Argon2id */
    dp_b2_update_le32(&c, (uint32_t)password_length);
    dp_b2_update(&c, password, password_length);
    dp_b2_update_le32(&c, (uint32_t)salt_length);
    dp_b2_update(&c, salt, salt_length);
    dp_b2_update_le32(&c, (uint32_t)secret_length);
    dp_b2_update(&c, secret, secret_length);
    dp_b2_update_le32(&c, (uint32_t)ad_length);
    dp_b2_update(&c, ad, ad_length);
    dp_b2_final(&c, h0);

    for (uint32_t l = 0; l < lanes; l++) {
        for (uint32_t j = 0; j < 2; j++) {
            dp_put_le32_(h0 + 64, j);
            dp_put_le32_(h0 + 68, l);
            dp_argon_hash(bytes, 1024, h0, 72);
            dp_argon_block_from_bytes(memory + ((size_t)l * columns + j) * DP_ARGON_WORDS, bytes);
        }
    }

    uint64_t zero[DP_ARGON_WORDS], input[DP_ARGON_WORDS], address[DP_ARGON_WORDS];
    memset(zero, 0, sizeof(zero));
    for (uint32_t pass = 0; pass < t_cost; pass++) {
        for (uint32_t slice = 0; slice < 4; slice++) {
            for (uint32_t lane = 0; lane < lanes; lane++) {
                int independent = pass == 0 && slice < 2;
                uint32_t start = pass == 0 && slice == 0 ? 2 : 0;
                if (independent) {
                    memset(input, 0, sizeof(input));
                    input[0] = pass; input[1] = lane; input[2] = slice; input[3] = blocks;
                    input[4] = t_cost; input[5] = 2;
                }
                for (uint32_t index = start; index < segment; index++) {
                    /* A fresh block of 128 addresses at each multiple of 128, and at the first segment's start. */
                    if (independent && (index == start || index % DP_ARGON_WORDS == 0)) {
                        input[6]++;
                        dp_argon_fill(zero, input, address, 0);
                        dp_argon_fill(zero, address, address, 0);
                    }
                    uint32_t column = slice * segment + index;
                    uint64_t *current = memory + ((size_t)lane * columns + column) * DP_ARGON_WORDS;
                    uint64_t *previous = memory + ((size_t)lane * columns + (column == 0 ? columns - 1 : column - 1))
                        * DP_ARGON_WORDS;
                    uint64_t random = independent ? address[index % DP_ARGON_WORDS] : previous[0];
                    uint32_t j1 = (uint32_t)random, j2 = (uint32_t)(random >> 32);
                    uint32_t ref_lane = pass == 0 && slice == 0 ? lane : j2 % lanes;
                    int same_lane = ref_lane == lane;
                    uint64_t area;
                    if (pass == 0) {
                        if (slice == 0) area = index - 1;
                        else area = same_lane ? (uint64_t)slice * segment + index - 1
                                              : (uint64_t)slice * segment - (index == 0 ? 1 : 0);
                    } else {
                        area = same_lane ? (uint64_t)columns - segment + index - 1
                                         : (uint64_t)columns - segment - (index == 0 ? 1 : 0);
                    }
                    uint64_t x = ((uint64_t)j1 * j1) >> 32;
                    uint64_t relative = area - 1 - ((area * x) >> 32);
                    uint64_t first = pass == 0 || slice == 3 ? 0 : (uint64_t)(slice + 1) * segment;
                    uint32_t ref_column = (uint32_t)((first + relative) % columns);
                    const uint64_t *reference = memory + ((size_t)ref_lane * columns + ref_column) * DP_ARGON_WORDS;
                    dp_argon_fill(previous, reference, current, pass > 0);
                }
            }
        }
    }

    uint64_t final[DP_ARGON_WORDS];
    memcpy(final, memory + ((size_t)columns - 1) * DP_ARGON_WORDS, sizeof(final));
    for (uint32_t l = 1; l < lanes; l++) {
        const uint64_t *last = memory + ((size_t)l * columns + columns - 1) * DP_ARGON_WORDS;
        for (int i = 0; i < DP_ARGON_WORDS; i++) final[i] ^= last[i];
    }
    for (int i = 0; i < DP_ARGON_WORDS; i++) dp_put_le64(bytes + 8 * i, final[i]);
    dp_argon_hash(out, (uint32_t)out_length, bytes, 1024);

    OPENSSL_cleanse(memory, (size_t)blocks * DP_ARGON_WORDS * sizeof(uint64_t));
    free(memory);
    OPENSSL_cleanse(h0, sizeof(h0));
    OPENSSL_cleanse(bytes, sizeof(bytes));
    OPENSSL_cleanse(final, sizeof(final));
    OPENSSL_cleanse(input, sizeof(input));
    OPENSSL_cleanse(address, sizeof(address));
    return 0;
}
