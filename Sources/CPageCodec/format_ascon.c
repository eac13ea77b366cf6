/*
 * Ascon-128 pages as SQLite3 Multiple Ciphers writes them (its "ascon128" cipher). Key: SQLite3MC's Ascon PBKDF2
 * (64007 iterations) of the passphrase and the 16-byte salt in file bytes 0-15. Reserve 32 at n = size - 32: the
 * 16-byte tag, then a random 16-byte nonce. A one-time key per write, Ascon-Hash(key ++ nonce ++ BE32(page)), keys
 * Ascon-128 (its first 16 bytes) over page[off ..< n] with no associated data; off = 24 on page 1 (bytes 16-23
 * stay clear, 0-15 hold the salt), 0 elsewhere.
 */
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include "codec_internal.h"
#include "page_codec_primitives.h"

#define DP_ASCON_RESERVE 32
#define DP_ASCON_ITERATIONS 64007

static int dp_ascon_kdf(void *context, const unsigned char *secret, int length, const unsigned char *salt,
                        unsigned char *out) {
    (void)context;
    dp_ascon_pbkdf2(out, 32, secret, (size_t)length, salt, DP_SALT_LEN, DP_ASCON_ITERATIONS);
    return DP_OK;
}

static int dp_ascon_derive(dp_codec *codec, const unsigned char *secret, int length, int is_raw, dp_kdf_cache *cache) {
    if (is_raw) {
        if (length != 32 && length != 48) return DP_ERR_BAD_KEY;
        memcpy(codec->key, secret, 32);
    } else {
        int rc = dp_kdf_memo(cache, "ASCON-PBKDF2", DP_ASCON_ITERATIONS, secret, length, codec->salt, codec->key, 32,
                             dp_ascon_kdf, NULL);
        if (rc != DP_OK) return rc;
    }
    return dp_make_tag_key(codec);
}

static void dp_ascon_one_time_key(const dp_codec *codec, uint32_t pgno, const unsigned char *nonce,
                                  unsigned char otk[32]) {
    unsigned char input[32 + 16 + 4];
    memcpy(input, codec->key, 32);
    memcpy(input + 32, nonce, 16);
    dp_put_be32(input + 48, pgno);
    dp_ascon_hash(otk, input, sizeof(input));
    OPENSSL_cleanse(input, sizeof(input));
}

static int dp_ascon_encrypt(dp_codec *codec, uint32_t pgno, const unsigned char *in, unsigned char *out) {
    int n = codec->page_size - DP_ASCON_RESERVE;
    int offset = pgno == 1 ? 24 : 0;
    unsigned char *nonce = out + n + 16, otk[32];
    if (RAND_bytes(nonce, 16) != 1) return DP_ERR_CRYPTO;
    dp_ascon_one_time_key(codec, pgno, nonce, otk);
    memcpy(out, in, (size_t)offset);
    dp_ascon128_encrypt(out + offset, out + n, in + offset, (size_t)(n - offset), NULL, 0, nonce, otk);
    if (pgno == 1) memcpy(out, codec->salt, DP_SALT_LEN);
    OPENSSL_cleanse(otk, sizeof(otk));
    return DP_OK;
}

static int dp_ascon_decrypt(dp_codec *codec, uint32_t pgno, unsigned char *page) {
    int n = codec->page_size - DP_ASCON_RESERVE;
    int offset = pgno == 1 ? 24 : 0;
    const unsigned char *nonce = page + n + 16;
    unsigned char otk[32];
    dp_ascon_one_time_key(codec, pgno, nonce, otk);
    int rc = DP_OK;
    if (dp_ascon128_decrypt(page + offset, page + offset, (size_t)(n - offset), NULL, 0, page + n, nonce, otk) != 0) {
        /* Encrypting the unverified plaintext again gives back the bytes as read. */
        unsigned char tag[16];
        dp_ascon128_encrypt(page + offset, tag, page + offset, (size_t)(n - offset), NULL, 0, nonce, otk);
        rc = DP_ERR_AUTH;
    } else if (pgno == 1) {
        memcpy(page, dp_sqlite_magic, 16);
    }
    OPENSSL_cleanse(otk, sizeof(otk));
    return rc;
}

const dp_format dp_format_ascon128 = {
    .id = DP_FORMAT_ASCON128, .name = "ascon128", .reserve = DP_ASCON_RESERVE, .has_mac = 1,
    .default_page_size = 4096, .salted = 1, .accepts_raw_key = 1, .clear_header = 1, .derive = dp_ascon_derive,
    .probe = dp_probe_clear_header, .encrypt = dp_ascon_encrypt, .decrypt = dp_ascon_decrypt,
};
