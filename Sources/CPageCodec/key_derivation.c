/*
 * Key derivation and the OpenSSL algorithms the formats share: PBKDF2, digests, HMAC, and the wxSQLite3 AES key
 * schedules (MD5/RC4 for AES-128, iterated SHA-256 for AES-256). Every primitive is OpenSSL's; RC4 comes from
 * OpenSSL 3's legacy provider, loaded into a private library context so the process-wide defaults never change.
 */
#include <pthread.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/provider.h>
#include "codec_internal.h"

static pthread_once_t dp_crypto_once = PTHREAD_ONCE_INIT;
static EVP_CIPHER *dp_aes256_cbc;
static EVP_CIPHER *dp_aes128_cbc;
static EVP_CIPHER *dp_chacha20;
static EVP_MAC *dp_hmac_mac;
static EVP_MAC *dp_poly1305_mac;
static EVP_MD *dp_md5;
static EVP_MD *dp_sha1;
static EVP_MD *dp_sha256;
static EVP_MD *dp_sha512;
static OSSL_LIB_CTX *dp_legacy_libctx;
static EVP_CIPHER *dp_rc4;

static void dp_crypto_load(void) {
    /* Fetched once: implicit fetches on every page would cost a lookup each time. */
    dp_aes256_cbc = EVP_CIPHER_fetch(NULL, "AES-256-CBC", NULL);
    dp_aes128_cbc = EVP_CIPHER_fetch(NULL, "AES-128-CBC", NULL);
    dp_chacha20 = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);
    dp_hmac_mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    dp_poly1305_mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    dp_md5 = EVP_MD_fetch(NULL, "MD5", NULL);
    dp_sha1 = EVP_MD_fetch(NULL, "SHA1", NULL);
    dp_sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
    dp_sha512 = EVP_MD_fetch(NULL, "SHA512", NULL);
    dp_legacy_libctx = OSSL_LIB_CTX_new();
    if (dp_legacy_libctx != NULL && OSSL_PROVIDER_load(dp_legacy_libctx, "legacy") != NULL) {
        dp_rc4 = EVP_CIPHER_fetch(dp_legacy_libctx, "RC4", NULL);
    }
}

int dp_crypto_init(void) {
    pthread_once(&dp_crypto_once, dp_crypto_load);
    if (!dp_aes256_cbc || !dp_aes128_cbc || !dp_chacha20 || !dp_hmac_mac || !dp_poly1305_mac || !dp_md5 || !dp_sha1
        || !dp_sha256 || !dp_sha512) {
        return DP_ERR_CRYPTO;
    }
    return DP_OK;
}

const EVP_CIPHER *dp_cipher_aes256_cbc(void) { return dp_aes256_cbc; }
const EVP_CIPHER *dp_cipher_aes128_cbc(void) { return dp_aes128_cbc; }
const EVP_CIPHER *dp_cipher_chacha20(void) { return dp_chacha20; }
const EVP_CIPHER *dp_cipher_rc4(void) { return dp_rc4; }
EVP_MAC *dp_mac_hmac(void) { return dp_hmac_mac; }
EVP_MAC *dp_mac_poly1305(void) { return dp_poly1305_mac; }

const EVP_MD *dp_md_named(const char *name) {
    if (strcmp(name, "SHA512") == 0) return dp_sha512;
    if (strcmp(name, "SHA256") == 0) return dp_sha256;
    if (strcmp(name, "SHA1") == 0) return dp_sha1;
    if (strcmp(name, "MD5") == 0) return dp_md5;
    return NULL;
}

/* ---- PBKDF2 ---- */

/*
 * PBKDF2(digest, secret, salt, iterations). With a detection's cache (a passphrase being applied to a file), a
 * 32-byte output for a 16-byte salt is looked up first (this detection's earlier derivations, then the process-wide
 * cache of key_cache.c) and kept after deriving; the derivations run are counted.
 */
int dp_pbkdf2(dp_kdf_cache *cache, const char *digest, const unsigned char *secret, int length,
              const unsigned char *salt, int salt_length, int iterations, unsigned char *out, int out_length) {
    int cacheable = cache != NULL && out_length == 32 && salt_length == DP_SALT_LEN;
    /* Entries are compared by the digest name's address: use the static name dp_md_named knows. */
    const char *name = strcmp(digest, "SHA512") == 0 ? "SHA512" : strcmp(digest, "SHA256") == 0 ? "SHA256"
                     : strcmp(digest, "SHA1") == 0 ? "SHA1" : digest;
    if (cacheable && dp_kdf_cache_find(cache, name, iterations, salt, out)) return DP_OK;
    const EVP_MD *md = dp_md_named(digest);
    if (md == NULL) return DP_ERR_CRYPTO;
    /* An empty secret is refused earlier; OpenSSL still needs a non-NULL pointer. */
    static const unsigned char empty = 0;
    if (PKCS5_PBKDF2_HMAC((const char *)(length > 0 ? secret : &empty), length, salt, salt_length, iterations, md,
                          out_length, out) != 1) {
        return DP_ERR_CRYPTO;
    }
    if (cache != NULL) dp_kdf_count_derivation();
    if (cacheable) dp_kdf_cache_keep(cache, name, iterations, salt, out);
    return DP_OK;
}

/*
 * Another KDF through the same caches as PBKDF2 (this detection's, then the process-wide one of key_cache.c):
 * `name` (a string constant, compared by address) and `cost` with the salt name the derivation; `compute` fills
 * `out` (at most 32 bytes) on a miss, and the derivation is counted.
 */
int dp_kdf_memo(dp_kdf_cache *cache, const char *name, int cost, const unsigned char *secret, int length,
                const unsigned char *salt, unsigned char *out, int out_length,
                int (*compute)(void *context, const unsigned char *secret, int length, const unsigned char *salt,
                               unsigned char *out),
                void *context) {
    if (out_length <= 0 || out_length > 32) return DP_ERR_CRYPTO;
    unsigned char full[32] = {0};
    if (cache != NULL && dp_kdf_cache_find(cache, name, cost, salt, full)) {
        memcpy(out, full, (size_t)out_length);
        OPENSSL_cleanse(full, sizeof(full));
        return DP_OK;
    }
    int rc = compute(context, secret, length, salt, out);
    if (rc == DP_OK && cache != NULL) {
        dp_kdf_count_derivation();
        memcpy(full, out, (size_t)out_length);
        dp_kdf_cache_keep(cache, name, cost, salt, full);
    }
    OPENSSL_cleanse(full, sizeof(full));
    return rc;
}

/* digest(a ++ b ++ c); any part may be empty. */
int dp_digest(const char *digest, const unsigned char *a, size_t a_len, const unsigned char *b, size_t b_len,
              const unsigned char *c, size_t c_len, unsigned char *out) {
    const EVP_MD *md = dp_md_named(digest);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = md != NULL && ctx != NULL && EVP_DigestInit_ex(ctx, md, NULL) == 1
        && (a_len == 0 || EVP_DigestUpdate(ctx, a, a_len) == 1)
        && (b_len == 0 || EVP_DigestUpdate(ctx, b, b_len) == 1)
        && (c_len == 0 || EVP_DigestUpdate(ctx, c, c_len) == 1)
        && EVP_DigestFinal_ex(ctx, out, NULL) == 1;
    EVP_MD_CTX_free(ctx);
    return ok ? DP_OK : DP_ERR_CRYPTO;
}

/* HMAC(digest, key, a ++ b), truncated to out_length. */
int dp_hmac(const char *digest, const unsigned char *key, size_t key_length, const unsigned char *a, size_t a_len,
            const unsigned char *b, size_t b_len, unsigned char *out, size_t out_length) {
    unsigned char full[EVP_MAX_MD_SIZE];
    size_t full_length = 0;
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(dp_hmac_mac);
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0);
    params[1] = OSSL_PARAM_construct_end();
    int ok = ctx != NULL && EVP_MAC_init(ctx, key, key_length, params) == 1
        && (a_len == 0 || EVP_MAC_update(ctx, a, a_len) == 1)
        && (b_len == 0 || EVP_MAC_update(ctx, b, b_len) == 1)
        && EVP_MAC_final(ctx, full, &full_length, sizeof(full)) == 1 && full_length >= out_length;
    if (ok) memcpy(out, full, out_length);
    OPENSSL_cleanse(full, sizeof(full));
    EVP_MAC_CTX_free(ctx);
    return ok ? DP_OK : DP_ERR_CRYPTO;
}

/* ---- wxSQLite3 AES keys ---- */

/* The PDF password padding string. */
static const unsigned char dp_pdf_padding[32] = {
    0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
    0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
};

/* The first min(length, 32) bytes of the passphrase, filled to 32 bytes with the padding string. */
static void dp_pad_password(const unsigned char *passphrase, int length, unsigned char out[32]) {
    int n = length < 32 ? length : 32;
    if (n > 0) memcpy(out, passphrase, (size_t)n);
    memcpy(out + n, dp_pdf_padding, (size_t)(32 - n));
}

static int dp_rc4_apply(const unsigned char key[16], const unsigned char *in, unsigned char *out, int length) {
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int written = 0;
    int ok = ctx != NULL && EVP_EncryptInit_ex2(ctx, dp_rc4, NULL, NULL, NULL) == 1
        && EVP_CIPHER_CTX_set_key_length(ctx, 16) == 1 && EVP_EncryptInit_ex2(ctx, NULL, key, NULL, NULL) == 1
        && EVP_EncryptUpdate(ctx, out, &written, in, length) == 1 && written == length;
    EVP_CIPHER_CTX_free(ctx);
    return ok ? DP_OK : DP_ERR_CRYPTO;
}

/* MD5 of `data`, then MD5 of the result fifty more times. */
static int dp_md5_51(const unsigned char *data, size_t length, unsigned char out[16]) {
    if (dp_digest("MD5", data, length, NULL, 0, NULL, 0, out) != DP_OK) return DP_ERR_CRYPTO;
    for (int i = 0; i < 50; i++) {
        if (dp_digest("MD5", out, 16, NULL, 0, NULL, 0, out) != DP_OK) return DP_ERR_CRYPTO;
    }
    return DP_OK;
}

/* The PDF "owner key" algorithm with an empty owner password, then the user key from it: AES-128's key. */
int dp_wx_aes128_key(const unsigned char *passphrase, int length, unsigned char key[16]) {
    if (dp_rc4 == NULL) return DP_ERR_CRYPTO;
    unsigned char user[32], owner[32], d[16], round_key[16], both[64];
    int rc = DP_ERR_CRYPTO;
    dp_pad_password(passphrase, length, user);
    if (dp_md5_51(dp_pdf_padding, 32, d) != DP_OK) goto done;
    memcpy(owner, user, 32);
    for (int i = 0; i < 20; i++) {
        for (int j = 0; j < 16; j++) round_key[j] = (unsigned char)(d[j] ^ i);
        if (dp_rc4_apply(round_key, owner, owner, 32) != DP_OK) goto done;
    }
    memcpy(both, user, 32);
    memcpy(both + 32, owner, 32);
    if (dp_md5_51(both, 64, key) != DP_OK) goto done;
    rc = DP_OK;
done:
    OPENSSL_cleanse(user, sizeof(user));
    OPENSSL_cleanse(owner, sizeof(owner));
    OPENSSL_cleanse(d, sizeof(d));
    OPENSSL_cleanse(round_key, sizeof(round_key));
    OPENSSL_cleanse(both, sizeof(both));
    return rc;
}

/* SHA-256 of the padded password, then SHA-256 of the result 4001 more times: AES-256's key. */
int dp_wx_aes256_key(const unsigned char *passphrase, int length, unsigned char key[32]) {
    unsigned char padded[32];
    dp_pad_password(passphrase, length, padded);
    int rc = dp_digest("SHA256", padded, 32, NULL, 0, NULL, 0, key);
    for (int i = 0; rc == DP_OK && i < 4001; i++) {
        rc = dp_digest("SHA256", key, 32, NULL, 0, NULL, 0, key);
    }
    OPENSSL_cleanse(padded, sizeof(padded));
    return rc;
}
