/*
 * AEGIS-128L and AEGIS-256, and their X2/X4 forms (2 or 4 independent lanes with a context block in the
 * initialisation; the tag is the XOR of the lanes' tags), per draft-irtf-cfrg-aegis-aead as SQLite3 Multiple
 * Ciphers 2.x implements it. The AES round is a portable table implementation, or AES-NI where the CPU has it.
 */
#include <pthread.h>
#include <string.h>
#include <openssl/crypto.h>
#include "page_codec_primitives.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <cpuid.h>
#define DP_AEGIS_X86 1
#endif

/* ---- One AES encryption round: MixColumns(ShiftRows(SubBytes(in))) ^ round_key ---- */

static pthread_once_t dp_aes_once = PTHREAD_ONCE_INIT;
static uint32_t dp_aes_t[4][256];
static int dp_aes_ni;

static uint8_t dp_rotl8(uint8_t x, int n) { return (uint8_t)(x << n | x >> (8 - n)); }

static void dp_aes_tables(void) {
    uint8_t sbox[256];
    uint8_t p = 1, q = 1;
    /* p runs through the multiplicative group (generator 3), q through its inverses. */
    do {
        p = (uint8_t)(p ^ (p << 1) ^ (p & 0x80 ? 0x1b : 0));
        q ^= (uint8_t)(q << 1);
        q ^= (uint8_t)(q << 2);
        q ^= (uint8_t)(q << 4);
        if (q & 0x80) q ^= 0x09;
        sbox[p] = (uint8_t)(q ^ dp_rotl8(q, 1) ^ dp_rotl8(q, 2) ^ dp_rotl8(q, 3) ^ dp_rotl8(q, 4) ^ 0x63);
    } while (p != 1);
    sbox[0] = 0x63;
    for (int x = 0; x < 256; x++) {
        uint32_t s = sbox[x];
        uint32_t s2 = (s << 1) ^ (s & 0x80 ? 0x11b : 0);
        uint32_t s3 = s2 ^ s;
        uint32_t t = s2 | s << 8 | s << 16 | s3 << 24; /* the column an input byte of row 0 adds */
        for (int r = 0; r < 4; r++) dp_aes_t[r][x] = r == 0 ? t : (t << (8 * r) | t >> (32 - 8 * r));
    }
#ifdef DP_AEGIS_X86
    unsigned int a, b, c, d;
    dp_aes_ni = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_AES) && (c & bit_SSE2);
#endif
}

static void dp_aes_round_soft(unsigned char *out, const unsigned char *in, const unsigned char *rk) {
    unsigned char tmp[16];
    for (int j = 0; j < 4; j++) {
        uint32_t w = dp_aes_t[0][in[4 * j]] ^ dp_aes_t[1][in[4 * ((j + 1) & 3) + 1]]
            ^ dp_aes_t[2][in[4 * ((j + 2) & 3) + 2]] ^ dp_aes_t[3][in[4 * ((j + 3) & 3) + 3]];
        for (int r = 0; r < 4; r++) tmp[4 * j + r] = (unsigned char)(w >> (8 * r)) ^ rk[4 * j + r];
    }
    memcpy(out, tmp, 16);
}

#ifdef DP_AEGIS_X86
__attribute__((target("aes,sse2")))
static void dp_aes_round_ni(unsigned char *out, const unsigned char *in, const unsigned char *rk) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)in);
    __m128i k = _mm_loadu_si128((const __m128i *)(const void *)rk);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_aesenc_si128(x, k));
}
#endif

/* ---- The AEGIS state: up to 8 blocks of up to 4 lanes of 16 bytes ---- */

typedef struct dp_aegis {
    int wide;       /* AEGIS-256 family: 6 blocks, 1 message block per update; else 128L: 8 blocks, 2 */
    int lanes;      /* 1, 2 or 4 */
    int width;      /* bytes per block: 16 * lanes */
    int count;      /* blocks in the state */
    int rate;       /* bytes per update */
    unsigned char s[8][64];
    void (*round)(unsigned char *, const unsigned char *, const unsigned char *);
} dp_aegis;

int dp_aegis_key_length(int variant) { return variant >= DP_AEGIS_256 ? 32 : 16; }

static void dp_xor(unsigned char *out, const unsigned char *a, const unsigned char *b, int n) {
    for (int i = 0; i < n; i++) out[i] = a[i] ^ b[i];
}

/* S_i = AESRound(S_{i-1}, S_i) for every block (S_{-1} is the last), then the message into S0 (and S4 for 128L). */
static void dp_aegis_update(dp_aegis *st, const unsigned char *m0, const unsigned char *m1) {
    unsigned char last[64];
    int w = st->width, n = st->count;
    memcpy(last, st->s[n - 1], (size_t)w);
    for (int i = n - 1; i >= 0; i--) {
        const unsigned char *prev = i == 0 ? last : st->s[i - 1];
        for (int l = 0; l < st->lanes; l++) st->round(st->s[i] + 16 * l, prev + 16 * l, st->s[i] + 16 * l);
    }
    dp_xor(st->s[0], st->s[0], m0, w);
    if (!st->wide) dp_xor(st->s[4], st->s[4], m1, w);
}

static const unsigned char dp_c0[16] = {0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d,
                                        0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62};
static const unsigned char dp_c1[16] = {0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1,
                                        0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd};

/* A 16-byte block repeated in every lane. */
static void dp_broadcast(unsigned char *out, const unsigned char *block, int lanes) {
    for (int l = 0; l < lanes; l++) memcpy(out + 16 * l, block, 16);
}

static void dp_aegis_init(dp_aegis *st, int variant, const unsigned char *key, const unsigned char *nonce) {
    pthread_once(&dp_aes_once, dp_aes_tables);
    memset(st, 0, sizeof(*st));
    st->wide = variant >= DP_AEGIS_256;
    int degree = variant == DP_AEGIS_128X2 || variant == DP_AEGIS_256X2 ? 2
               : variant == DP_AEGIS_128X4 || variant == DP_AEGIS_256X4 ? 4 : 1;
    st->lanes = degree;
    st->width = 16 * degree;
    st->count = st->wide ? 6 : 8;
    st->rate = st->wide ? st->width : 2 * st->width;
    st->round = dp_aes_round_soft;
#ifdef DP_AEGIS_X86
    if (dp_aes_ni) st->round = dp_aes_round_ni;
#endif
    int w = st->width;
    unsigned char c0[64], c1[64], ctx[64], t[64], k0[64], k1[64], n0[64], n1[64], kn0[64], kn1[64];
    dp_broadcast(c0, dp_c0, degree);
    dp_broadcast(c1, dp_c1, degree);
    memset(ctx, 0, sizeof(ctx));
    for (int l = 0; l < degree && degree > 1; l++) {
        ctx[16 * l] = (unsigned char)l;
        ctx[16 * l + 1] = (unsigned char)(degree - 1);
    }
    dp_broadcast(k0, key, degree);
    dp_broadcast(n0, nonce, degree);
    dp_xor(kn0, k0, n0, w);
    if (!st->wide) {
        memcpy(st->s[0], kn0, (size_t)w);
        memcpy(st->s[1], c1, (size_t)w);
        memcpy(st->s[2], c0, (size_t)w);
        memcpy(st->s[3], c1, (size_t)w);
        memcpy(st->s[4], kn0, (size_t)w);
        dp_xor(st->s[5], k0, c0, w);
        dp_xor(st->s[6], k0, c1, w);
        dp_xor(st->s[7], k0, c0, w);
        for (int i = 0; i < 10; i++) {
            if (degree > 1) {
                dp_xor(st->s[3], st->s[3], ctx, w);
                dp_xor(st->s[7], st->s[7], ctx, w);
            }
            dp_aegis_update(st, n0, k0);
        }
    } else {
        dp_broadcast(k1, key + 16, degree);
        dp_broadcast(n1, nonce + 16, degree);
        dp_xor(kn1, k1, n1, w);
        memcpy(st->s[0], kn0, (size_t)w);
        memcpy(st->s[1], kn1, (size_t)w);
        memcpy(st->s[2], c1, (size_t)w);
        memcpy(st->s[3], c0, (size_t)w);
        dp_xor(st->s[4], k0, c0, w);
        dp_xor(st->s[5], k1, c1, w);
        const unsigned char *schedule[4] = {k0, k1, kn0, kn1};
        for (int i = 0; i < 16; i++) {
            if (degree > 1) {
                dp_xor(st->s[3], st->s[3], ctx, w);
                dp_xor(st->s[5], st->s[5], ctx, w);
            }
            dp_aegis_update(st, schedule[i % 4], NULL);
        }
    }
    OPENSSL_cleanse(t, sizeof(t));
    OPENSSL_cleanse(k0, sizeof(k0));
    OPENSSL_cleanse(k1, sizeof(k1));
    OPENSSL_cleanse(kn0, sizeof(kn0));
    OPENSSL_cleanse(kn1, sizeof(kn1));
}

/* The key stream for one update's worth of message (rate bytes). */
static void dp_aegis_keystream(const dp_aegis *st, unsigned char *z) {
    int w = st->width;
    for (int i = 0; i < w; i++) {
        if (!st->wide) {
            z[i] = st->s[6][i] ^ st->s[1][i] ^ (st->s[2][i] & st->s[3][i]);
            z[w + i] = st->s[2][i] ^ st->s[5][i] ^ (st->s[6][i] & st->s[7][i]);
        } else {
            z[i] = st->s[1][i] ^ st->s[4][i] ^ st->s[5][i] ^ (st->s[2][i] & st->s[3][i]);
        }
    }
}

static void dp_aegis_absorb(dp_aegis *st, const unsigned char *block) {
    dp_aegis_update(st, block, block + st->width);
}

/* Absorbs associated data, zero-padding its last block. */
static void dp_aegis_ad(dp_aegis *st, const unsigned char *ad, size_t length) {
    unsigned char block[128];
    size_t rate = (size_t)st->rate;
    for (; length >= rate; ad += rate, length -= rate) dp_aegis_absorb(st, ad);
    if (length > 0) {
        memset(block, 0, sizeof(block));
        memcpy(block, ad, length);
        dp_aegis_absorb(st, block);
    }
}

#ifdef DP_AEGIS_X86
/*
 * The whole-block loop with AES-NI: the state stays in registers across blocks. `length` is a multiple of the rate.
 * Same steps as dp_aegis_keystream + dp_aegis_update below.
 */
__attribute__((target("aes,sse2")))
static void dp_aegis_crypt_ni(dp_aegis *st, unsigned char *out, const unsigned char *in, size_t length, int decrypt) {
    __m128i s[8][4], m[2][4], z[2][4];
    int lanes = st->lanes, count = st->count, width = st->width;
    for (int i = 0; i < count; i++) {
        for (int l = 0; l < lanes; l++) s[i][l] = _mm_loadu_si128((const __m128i *)(const void *)(st->s[i] + 16 * l));
    }
    for (size_t done = 0; done < length; done += (size_t)st->rate) {
        for (int l = 0; l < lanes; l++) {
            if (!st->wide) {
                z[0][l] = _mm_xor_si128(_mm_xor_si128(s[6][l], s[1][l]), _mm_and_si128(s[2][l], s[3][l]));
                z[1][l] = _mm_xor_si128(_mm_xor_si128(s[2][l], s[5][l]), _mm_and_si128(s[6][l], s[7][l]));
            } else {
                z[0][l] = _mm_xor_si128(_mm_xor_si128(s[1][l], s[4][l]),
                                        _mm_xor_si128(s[5][l], _mm_and_si128(s[2][l], s[3][l])));
            }
        }
        int halves = st->wide ? 1 : 2;
        for (int h = 0; h < halves; h++) {
            for (int l = 0; l < lanes; l++) {
                size_t at = done + (size_t)(h * width + 16 * l);
                __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(in + at));
                __m128i y = _mm_xor_si128(x, z[h][l]);
                _mm_storeu_si128((__m128i *)(void *)(out + at), y);
                m[h][l] = decrypt ? y : x;
            }
        }
        for (int l = 0; l < lanes; l++) {
            __m128i last = s[count - 1][l];
            for (int i = count - 1; i > 0; i--) s[i][l] = _mm_aesenc_si128(s[i - 1][l], s[i][l]);
            s[0][l] = _mm_xor_si128(_mm_aesenc_si128(last, s[0][l]), m[0][l]);
            if (!st->wide) s[4][l] = _mm_xor_si128(s[4][l], m[1][l]);
        }
    }
    for (int i = 0; i < count; i++) {
        for (int l = 0; l < lanes; l++) _mm_storeu_si128((__m128i *)(void *)(st->s[i] + 16 * l), s[i][l]);
    }
    volatile unsigned char *wipe = (volatile unsigned char *)(void *)s;
    for (size_t i = 0; i < sizeof(s); i++) wipe[i] = 0;
}
#endif

/* Encrypts (decrypt = 0) or decrypts `length` bytes; a short last block is zero-padded. */
static void dp_aegis_crypt(dp_aegis *st, unsigned char *out, const unsigned char *in, size_t length, int decrypt) {
    unsigned char z[128], block[128];
    size_t rate = (size_t)st->rate;
#ifdef DP_AEGIS_X86
    if (dp_aes_ni && length >= rate) {
        size_t whole = length - length % rate;
        dp_aegis_crypt_ni(st, out, in, whole, decrypt);
        in += whole;
        out += whole;
        length -= whole;
    }
#endif
    while (length > 0) {
        size_t take = length < rate ? length : rate;
        dp_aegis_keystream(st, z);
        memset(block, 0, sizeof(block));
        memcpy(block, in, take);
        for (size_t i = 0; i < take; i++) out[i] = block[i] ^ z[i];
        /* The update absorbs the plaintext block, zero-padded. */
        if (decrypt) {
            memcpy(block, out, take);
            memset(block + take, 0, rate - take);
        }
        dp_aegis_absorb(st, block);
        in += take;
        out += take;
        length -= take;
    }
    OPENSSL_cleanse(z, sizeof(z));
    OPENSSL_cleanse(block, sizeof(block));
}

static void dp_aegis_tag(dp_aegis *st, unsigned char *tag, size_t tag_length, uint64_t ad_length, uint64_t length) {
    unsigned char t[64], lengths[16], folded[64];
    int w = st->width;
    uint64_t ad_bits = ad_length << 3, bits = length << 3;
    for (int i = 0; i < 8; i++) {
        lengths[i] = (unsigned char)(ad_bits >> (8 * i));
        lengths[8 + i] = (unsigned char)(bits >> (8 * i));
    }
    dp_broadcast(t, lengths, st->lanes);
    dp_xor(t, t, st->s[st->wide ? 3 : 2], w);
    for (int i = 0; i < 7; i++) dp_aegis_update(st, t, t);
    /* 16-byte tag: every block (AEGIS-256) or all but the last (128L); 32-byte: the first half, then the second. */
    int halves = tag_length == 32 ? 2 : 1;
    int per_half = tag_length == 32 ? st->count / 2 : st->wide ? st->count : st->count - 1;
    for (int h = 0; h < halves; h++) {
        memset(folded, 0, sizeof(folded));
        for (int b = 0; b < per_half; b++) dp_xor(folded, folded, st->s[h * per_half + b], w);
        memset(tag + 16 * h, 0, 16);
        for (int l = 0; l < st->lanes; l++) dp_xor(tag + 16 * h, tag + 16 * h, folded + 16 * l, 16);
    }
    OPENSSL_cleanse(t, sizeof(t));
    OPENSSL_cleanse(folded, sizeof(folded));
}

void dp_aegis_encrypt(int variant, unsigned char *out, unsigned char *tag, size_t tag_length, const unsigned char *in,
                      size_t length, const unsigned char *ad, size_t ad_length, const unsigned char *nonce,
                      const unsigned char *key) {
    dp_aegis st;
    dp_aegis_init(&st, variant, key, nonce);
    dp_aegis_ad(&st, ad, ad_length);
    dp_aegis_crypt(&st, out, in, length, 0);
    dp_aegis_tag(&st, tag, tag_length, ad_length, length);
    OPENSSL_cleanse(&st, sizeof(st));
}

int dp_aegis_decrypt(int variant, unsigned char *out, const unsigned char *in, size_t length, const unsigned char *tag,
                     size_t tag_length, const unsigned char *ad, size_t ad_length, const unsigned char *nonce,
                     const unsigned char *key) {
    dp_aegis st;
    unsigned char computed[32];
    dp_aegis_init(&st, variant, key, nonce);
    dp_aegis_ad(&st, ad, ad_length);
    dp_aegis_crypt(&st, out, in, length, 1);
    dp_aegis_tag(&st, computed, tag_length, ad_length, length);
    int ok = CRYPTO_memcmp(computed, tag, tag_length) == 0;
    OPENSSL_cleanse(&st, sizeof(st));
    OPENSSL_cleanse(computed, sizeof(computed));
    return ok ? 0 : -1;
}

void dp_aegis_stream(int variant, unsigned char *out, size_t length, const unsigned char *nonce,
                     const unsigned char *key) {
    dp_aegis st;
    unsigned char zeros[128] = {0};
    dp_aegis_init(&st, variant, key, nonce);
    while (length > 0) {
        size_t take = length < (size_t)st.rate ? length : (size_t)st.rate;
        unsigned char block[128];
        dp_aegis_crypt(&st, block, zeros, (size_t)st.rate, 0);
        memcpy(out, block, take);
        OPENSSL_cleanse(block, sizeof(block));
        out += take;
        length -= take;
    }
    OPENSSL_cleanse(&st, sizeof(st));
}
