/*
 * Ascon v1.2 (the NIST lightweight-cryptography finalist, not the later SP 800-232 little-endian variant): the
 * permutation, Ascon-128 AEAD (rate 8, 12/6 rounds), Ascon-Hash, and the Ascon-based PBKDF2 SQLite3 Multiple Ciphers
 * derives its keys with. Words are loaded big-endian, as v1.2 specifies.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "page_codec_primitives.h"

typedef struct { uint64_t x[5]; } dp_ascon_state;

static inline uint64_t dp_ror(uint64_t x, int n) { return x >> n | x << (64 - n); }

/* The first n bytes (n <= 8) as the high bytes of a big-endian word. */
static uint64_t dp_ascon_load(const unsigned char *p, size_t n) {
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x |= (uint64_t)p[i] << (56 - 8 * i);
    return x;
}

static void dp_ascon_store(unsigned char *p, uint64_t x, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = (unsigned char)(x >> (56 - 8 * i));
}

/* The padding bit after n bytes of a block. */
static inline uint64_t dp_ascon_pad(size_t n) { return 0x80ull << (56 - 8 * n); }

/* The permutation with its last `rounds` round constants. */
static void dp_ascon_permute(dp_ascon_state *s, int rounds) {
    uint64_t x0 = s->x[0], x1 = s->x[1], x2 = s->x[2], x3 = s->x[3], x4 = s->x[4];
    for (int r = 12 - rounds; r < 12; r++) {
        x2 ^= (uint64_t)(0xf0 - r * 0x0f);
        x0 ^= x4; x4 ^= x3; x2 ^= x1;
        uint64_t t0 = ~x0 & x1, t1 = ~x1 & x2, t2 = ~x2 & x3, t3 = ~x3 & x4, t4 = ~x4 & x0;
        x0 ^= t1; x1 ^= t2; x2 ^= t3; x3 ^= t4; x4 ^= t0;
        x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 = ~x2;
        x0 ^= dp_ror(x0, 19) ^ dp_ror(x0, 28);
        x1 ^= dp_ror(x1, 61) ^ dp_ror(x1, 39);
        x2 ^= dp_ror(x2, 1) ^ dp_ror(x2, 6);
        x3 ^= dp_ror(x3, 10) ^ dp_ror(x3, 17);
        x4 ^= dp_ror(x4, 7) ^ dp_ror(x4, 41);
    }
    s->x[0] = x0; s->x[1] = x1; s->x[2] = x2; s->x[3] = x3; s->x[4] = x4;
}

/* ---- Ascon-128 ---- */

static void dp_ascon128_start(dp_ascon_state *s, uint64_t k0, uint64_t k1, const unsigned char nonce[16],
                              const unsigned char *ad, size_t ad_length) {
    s->x[0] = 0x80400c0600000000ull;
    s->x[1] = k0;
    s->x[2] = k1;
    s->x[3] = dp_ascon_load(nonce, 8);
    s->x[4] = dp_ascon_load(nonce + 8, 8);
    dp_ascon_permute(s, 12);
    s->x[3] ^= k0;
    s->x[4] ^= k1;
    if (ad_length > 0) {
        for (; ad_length >= 8; ad += 8, ad_length -= 8) {
            s->x[0] ^= dp_ascon_load(ad, 8);
            dp_ascon_permute(s, 6);
        }
        s->x[0] ^= dp_ascon_load(ad, ad_length) ^ dp_ascon_pad(ad_length);
        dp_ascon_permute(s, 6);
    }
    s->x[4] ^= 1; /* domain separation */
}

static void dp_ascon128_finish(dp_ascon_state *s, uint64_t k0, uint64_t k1, unsigned char tag[16]) {
    s->x[1] ^= k0;
    s->x[2] ^= k1;
    dp_ascon_permute(s, 12);
    dp_ascon_store(tag, s->x[3] ^ k0, 8);
    dp_ascon_store(tag + 8, s->x[4] ^ k1, 8);
}

void dp_ascon128_encrypt(unsigned char *out, unsigned char tag[16], const unsigned char *in, size_t length,
                         const unsigned char *ad, size_t ad_length, const unsigned char nonce[16],
                         const unsigned char key[16]) {
    dp_ascon_state s;
    uint64_t k0 = dp_ascon_load(key, 8), k1 = dp_ascon_load(key + 8, 8);
    dp_ascon128_start(&s, k0, k1, nonce, ad, ad_length);
    for (; length >= 8; in += 8, out += 8, length -= 8) {
        s.x[0] ^= dp_ascon_load(in, 8);
        dp_ascon_store(out, s.x[0], 8);
        dp_ascon_permute(&s, 6);
    }
    s.x[0] ^= dp_ascon_load(in, length) ^ dp_ascon_pad(length);
    dp_ascon_store(out, s.x[0], length);
    dp_ascon128_finish(&s, k0, k1, tag);
    OPENSSL_cleanse(&s, sizeof(s));
    OPENSSL_cleanse(&k0, sizeof(k0));
    OPENSSL_cleanse(&k1, sizeof(k1));
}

int dp_ascon128_decrypt(unsigned char *out, const unsigned char *in, size_t length, const unsigned char *ad,
                        size_t ad_length, const unsigned char tag[16], const unsigned char nonce[16],
                        const unsigned char key[16]) {
    dp_ascon_state s;
    uint64_t k0 = dp_ascon_load(key, 8), k1 = dp_ascon_load(key + 8, 8);
    dp_ascon128_start(&s, k0, k1, nonce, ad, ad_length);
    for (; length >= 8; in += 8, out += 8, length -= 8) {
        uint64_t c = dp_ascon_load(in, 8);
        dp_ascon_store(out, s.x[0] ^ c, 8);
        s.x[0] = c;
        dp_ascon_permute(&s, 6);
    }
    if (length > 0) {
        uint64_t c = dp_ascon_load(in, length);
        dp_ascon_store(out, s.x[0] ^ c, length);
        uint64_t keep = ~0ull >> (8 * length); /* the bytes after the ciphertext keep the state's */
        s.x[0] = c | (s.x[0] & keep);
    }
    s.x[0] ^= dp_ascon_pad(length);
    unsigned char computed[16];
    dp_ascon128_finish(&s, k0, k1, computed);
    int ok = CRYPTO_memcmp(computed, tag, 16) == 0;
    OPENSSL_cleanse(&s, sizeof(s));
    OPENSSL_cleanse(computed, sizeof(computed));
    OPENSSL_cleanse(&k0, sizeof(k0));
    OPENSSL_cleanse(&k1, sizeof(k1));
    return ok ? 0 : -1;
}

/* ---- Ascon-Hash and the sponge steps the PBKDF2 shares ---- */

static void dp_ascon_hash_start(dp_ascon_state *s) {
    memset(s, 0, sizeof(*s));
    s->x[0] = 0x00400c0000000100ull;
    dp_ascon_permute(s, 12);
}

/* Absorbs every byte and pads, leaving the last block's permutation to the squeeze. */
static void dp_ascon_absorb(dp_ascon_state *s, const unsigned char *in, size_t length) {
    for (; length >= 8; in += 8, length -= 8) {
        s->x[0] ^= dp_ascon_load(in, 8);
        dp_ascon_permute(s, 12);
    }
    s->x[0] ^= dp_ascon_load(in, length) ^ dp_ascon_pad(length);
}

static void dp_ascon_squeeze(dp_ascon_state *s, unsigned char *out, size_t length) {
    dp_ascon_permute(s, 12);
    for (; length > 8; out += 8, length -= 8) {
        dp_ascon_store(out, s->x[0], 8);
        dp_ascon_permute(s, 12);
    }
    dp_ascon_store(out, s->x[0], length);
}

void dp_ascon_hash(unsigned char out[32], const unsigned char *in, size_t length) {
    dp_ascon_state s;
    dp_ascon_hash_start(&s);
    dp_ascon_absorb(&s, in, length);
    dp_ascon_squeeze(&s, out, 32);
    OPENSSL_cleanse(&s, sizeof(s));
}

/*
 * SQLite3 Multiple Ciphers' Ascon PBKDF2: the state starts from the hash IV with the function name "PBKDF2" (zero
 * padded to 32 bytes) in words 1-4, absorbs the password as customisation, then runs RFC 8018's F with
 * PRF(X) = squeeze(absorb(state, X)); the salt block is the salt zero-padded to 16 bytes, then BE32(block number).
 */
void dp_ascon_pbkdf2(unsigned char *out, size_t out_length, const unsigned char *password, size_t password_length,
                     const unsigned char *salt, size_t salt_length, uint32_t iterations) {
    unsigned char name[32] = "PBKDF2";
    dp_ascon_state base, s;
    base.x[0] = 0x00400c0000000100ull;
    for (int i = 0; i < 4; i++) base.x[i + 1] = dp_ascon_load(name + 8 * i, 8);
    dp_ascon_permute(&base, 12);
    if (password_length > 0) {
        dp_ascon_absorb(&base, password, password_length);
        dp_ascon_permute(&base, 12);
        base.x[4] ^= 1;
    }
    unsigned char block[20], t[32], u[32];
    for (uint32_t number = 1; out_length > 0; number++) {
        memset(block, 0, sizeof(block));
        memcpy(block, salt, salt_length < 16 ? salt_length : 16);
        block[16] = (unsigned char)(number >> 24); block[17] = (unsigned char)(number >> 16);
        block[18] = (unsigned char)(number >> 8); block[19] = (unsigned char)number;
        s = base;
        dp_ascon_absorb(&s, block, sizeof(block));
        dp_ascon_squeeze(&s, t, 32);
        memcpy(u, t, 32);
        for (uint32_t i = 1; i < iterations; i++) {
            s = base;
            dp_ascon_absorb(&s, u, 32);
            dp_ascon_squeeze(&s, u, 32);
            for (int j = 0; j < 32; j++) t[j] ^= u[j];
        }
        size_t take = out_length < 32 ? out_length : 32;
        memcpy(out, t, take);
        out += take;
        out_length -= take;
    }
    OPENSSL_cleanse(&base, sizeof(base));
    OPENSSL_cleanse(&s, sizeof(s));
    OPENSSL_cleanse(t, sizeof(t));
    OPENSSL_cleanse(u, sizeof(u));
    OPENSSL_cleanse(block, sizeof(block));
}
