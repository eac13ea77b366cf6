/*
 * ChaCha20-Poly1305 pages as SQLite3 Multiple Ciphers writes them (and original sqleet, which differs only in its
 * KDF iterations and in encrypting page 1 from byte 0). See cipher-formats.md. Reserve 32 at n = size - 32:
 * a random 16-byte nonce, then a Poly1305 tag over page[0 ..< n + 16].
 */
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include "codec_internal.h"

#define DP_CHACHA_RESERVE 32

static int dp_chacha_derive(dp_codec *codec, const unsigned char *secret, int length, int is_raw, dp_kdf_cache *cache) {
    if (is_raw) {
        if (length != 32 && length != 48) return DP_ERR_BAD_KEY;
        memcpy(codec->key, secret, 32);
    } else {
        int iterations = codec->format->id == DP_FORMAT_SQLEET ? 12345 : 64007;
        int rc = dp_pbkdf2(cache, "SHA256", secret, length, codec->salt, DP_SALT_LEN, iterations, codec->key, 32);
        if (rc != DP_OK) return rc;
    }
    codec->mac_ctx = EVP_MAC_CTX_new(dp_mac_poly1305());
    if (codec->mac_ctx == NULL) return DP_ERR_CRYPTO;
    return dp_make_tag_key(codec);
}

/* ChaCha20 (IETF: 32-bit block counter, 96-bit nonce) over `length` bytes from block `counter`. */
static int dp_chacha_xor(dp_codec *codec, const unsigned char *key, uint32_t counter, const unsigned char *nonce12,
                         const unsigned char *in, unsigned char *out, int length) {
    unsigned char iv[16];
    int written = 0;
    dp_put_le32(iv, counter);
    memcpy(iv + 4, nonce12, 12);
    if (EVP_CipherInit_ex2(codec->encrypt_ctx, dp_cipher_chacha20(), key, iv, 1, NULL) != 1) return DP_ERR_CRYPTO;
    if (length > 0 && (EVP_CipherUpdate(codec->encrypt_ctx, out, &written, in, length) != 1 || written != length)) {
        return DP_ERR_CRYPTO;
    }
    return DP_OK;
}

/* The one-time keys for a nonce: bytes 0-31 the Poly1305 key, bytes 32-63 the page key. */
static int dp_chacha_one_time_key(dp_codec *codec, uint32_t pgno, const unsigned char *nonce, unsigned char otk[64],
                                  uint32_t *counter) {
    static const unsigned char zeros[64] = {0};
    *counter = dp_get_le32(nonce + 12) ^ pgno;
    return dp_chacha_xor(codec, codec->key, *counter, nonce, zeros, otk, 64);
}

static int dp_poly1305(dp_codec *codec, const unsigned char otk[32], const unsigned char *data, int length,
                       unsigned char tag[16]) {
    size_t tag_length = 0;
    if (EVP_MAC_init(codec->mac_ctx, otk, 32, NULL) != 1 || EVP_MAC_update(codec->mac_ctx, data, (size_t)length) != 1
        || EVP_MAC_final(codec->mac_ctx, tag, &tag_length, 16) != 1 || tag_length != 16) {
        return DP_ERR_CRYPTO;
    }
    return DP_OK;
}

static int dp_chacha_offset(const dp_codec *codec, uint32_t pgno) {
    return pgno == 1 && codec->format->id == DP_FORMAT_CHACHA20 ? 24 : 0;
}

static int dp_chacha_encrypt(dp_codec *codec, uint32_t pgno, const unsigned char *in, unsigned char *out) {
    int size = codec->page_size;
    int n = size - DP_CHACHA_RESERVE;
    int offset = dp_chacha_offset(codec, pgno);
    uint32_t blocks = (uint32_t)((n - offset + 63) / 64);
    unsigned char *nonce = out + n;
    unsigned char otk[64];
    uint32_t counter;
    /* Builds disagree when the 32-bit block counter wraps inside a page: draw another nonce instead. */
    do {
        if (RAND_bytes(nonce, 16) != 1) return DP_ERR_CRYPTO;
        counter = dp_get_le32(nonce + 12) ^ pgno;
    } while ((uint64_t)counter + 1 + blocks > 0xFFFFFFFFull);
    int rc = dp_chacha_one_time_key(codec, pgno, nonce, otk, &counter);
    if (rc == DP_OK) {
        memcpy(out, in, (size_t)offset);
        rc = dp_chacha_xor(codec, otk + 32, counter + 1, nonce, in + offset, out + offset, n - offset);
    }
    if (rc == DP_OK) {
        if (pgno == 1) memcpy(out, codec->salt, DP_SALT_LEN);
        rc = dp_poly1305(codec, otk, out, n + 16, out + n + 16);
    }
    OPENSSL_cleanse(otk, sizeof(otk));
    return rc;
}

static int dp_chacha_decrypt(dp_codec *codec, uint32_t pgno, unsigned char *page) {
    int size = codec->page_size;
    int n = size - DP_CHACHA_RESERVE;
    int offset = dp_chacha_offset(codec, pgno);
    unsigned char otk[64], tag[16];
    uint32_t counter;
    int rc = dp_chacha_one_time_key(codec, pgno, page + n, otk, &counter);
    if (rc == DP_OK) rc = dp_poly1305(codec, otk, page, n + 16, tag);
    if (rc == DP_OK && CRYPTO_memcmp(tag, page + n + 16, 16) != 0) rc = DP_ERR_AUTH;
    if (rc == DP_OK) rc = dp_chacha_xor(codec, otk + 32, counter + 1, page + n, page + offset, page + offset, n - offset);
    if (rc == DP_OK && pgno == 1) memcpy(page, dp_sqlite_magic, 16);
    OPENSSL_cleanse(otk, sizeof(otk));
    return rc;
}

/* ChaCha20 keeps page 1's bytes 16-23 in clear, so its page size is read; sqleet encrypts them, so it is probed. */
static int dp_chacha_probe(dp_codec *codec, const unsigned char *head, int head_length, const dp_source *source) {
    if (codec->format->id == DP_FORMAT_CHACHA20) return dp_probe_clear_header(codec, head, head_length, source);
    for (int size = DP_MIN_PAGE; size <= DP_MAX_PAGE && size <= head_length; size <<= 1) {
        if (dp_try_page1(codec, head, head_length, size) == DP_OK) return DP_OK;
    }
    return dp_probe_page1_tampered(codec, source);
}

const dp_format dp_format_chacha20 = {
    .id = DP_FORMAT_CHACHA20, .name = "chacha20", .reserve = DP_CHACHA_RESERVE, .has_mac = 1,
    .default_page_size = 4096, .salted = 1, .accepts_raw_key = 1, .clear_header = 1, .derive = dp_chacha_derive,
    .probe = dp_chacha_probe, .encrypt = dp_chacha_encrypt, .decrypt = dp_chacha_decrypt,
};
const dp_format dp_format_sqleet = {
    .id = DP_FORMAT_SQLEET, .name = "sqleet", .reserve = DP_CHACHA_RESERVE, .has_mac = 1, .default_page_size = 4096,
    .salted = 1, .accepts_raw_key = 1, .clear_header = 0, .derive = dp_chacha_derive, .probe = dp_chacha_probe,
    .encrypt = dp_chacha_encrypt, .decrypt = dp_chacha_decrypt,
};
