/* Types shared by the codec's C files. Not part of the public API. */
#ifndef DRIVERPORT_CODEC_INTERNAL_H
#define DRIVERPORT_CODEC_INTERNAL_H

#include <stdint.h>
#include <stddef.h>
#include <openssl/evp.h>
#include "page_codec.h"
#include "sha512_x4.h"

#define DP_MIN_PAGE 512
#define DP_MAX_PAGE 65536
#define DP_SALT_LEN 16

/* "SQLite format 3\0": the first 16 bytes of every plain SQLite file. */
extern const unsigned char dp_sqlite_magic[16];

/* Cached key derivations within one detection (SQLCipher v1 and v2 share their KDF). */
typedef struct dp_kdf_cache dp_kdf_cache;

/* Where detection reads raw file bytes from: an open SQLite file or a POSIX descriptor. */
typedef struct dp_source {
    /* Reads up to `amount` bytes at `offset` into `buffer`; returns the bytes read, or -1 on an I/O error. */
    long (*read)(void *context, void *buffer, int amount, int64_t offset);
    void *context;
    int64_t size;
} dp_source;

/* One encrypted format: its facts and its page transforms. */
typedef struct dp_format {
    int id;
    const char *name;
    int reserve;            /* bytes per page it needs at the end of each page */
    int has_mac;            /* pages carry an authentication tag */
    int default_page_size;
    int salted;             /* a 16-byte KDF salt is file bytes 0-15 */
    int accepts_raw_key;
    /* Whether page 1's bytes 16-23 are stored in clear in this format (a plain-looking header). */
    int clear_header;       /* 1: always, 0: never, -1: either (wxSQLite3 AES, by layout) */
    /* Derives the keys from the secret; the codec's salt is already set. Returns DP_OK or DP_ERR_*. */
    int (*derive)(dp_codec *codec, const unsigned char *secret, int length, int is_raw, dp_kdf_cache *cache);
    /* Finds the page size (and layout) for which page 1 opens; DP_OK, DP_ERR_WRONG_KEY or DP_ERR_AUTH. */
    int (*probe)(dp_codec *codec, const unsigned char *head, int head_length, const dp_source *source);
    /* Encrypts one whole page from `in` to `out` (distinct buffers). */
    int (*encrypt)(dp_codec *codec, uint32_t page_number, const unsigned char *in, unsigned char *out);
    /* Decrypts one whole page in place; DP_OK, or DP_ERR_AUTH leaving the page as it was read. */
    int (*decrypt)(dp_codec *codec, uint32_t page_number, unsigned char *page);
    /* Optional: decrypts four whole pages (never page 1) in place, faster than four decrypts; result[i] is what
     * decrypt would return for page i. Returns DP_OK when it ran. Only used when the codec says it is ready. */
    int (*decrypt4)(dp_codec *codec, const uint32_t page_number[4], unsigned char *const page[4], int result[4]);
} dp_format;

/* The per-connection codec: derived keys, OpenSSL contexts, scratch pages, last error. */
struct dp_codec {
    const dp_format *format;
    int page_size;
    int legacy_layout;          /* wxSQLite3 AES: page 1 is one CBC chain (pre-3.1 layout) */
    int fresh;                  /* the file was empty when keyed: the first page-1 write may set the page size */
    int passphrase_truncated;
    unsigned char salt[DP_SALT_LEN];
    unsigned char key[32];      /* SQLCipher/ChaCha20: K; wxSQLite3: the AES key (16 or 32 bytes) */
    unsigned char mac_key[32];  /* SQLCipher v2+: the HMAC key */
    unsigned char tag_key[32];  /* our rollback-journal tag key */
    EVP_CIPHER_CTX *encrypt_ctx;
    EVP_CIPHER_CTX *decrypt_ctx;
    EVP_MAC_CTX *mac_ctx;
    dp_hmac512_x4 mac_x4;       /* SQLCipher v4: the HMAC key's pad states for decrypt4 (key material) */
    int mac_x4_ready;
    unsigned char *keystream;   /* RC4: the key stream every page is XORed with (DP_MAX_PAGE bytes) */
    unsigned char *work;        /* two scratch pages of DP_MAX_PAGE + 64 bytes */
    int last_error;
    uint32_t last_error_page;
    char last_message[256];
    uint64_t pages_read;
    uint64_t pages_written;
    unsigned long long key_cache_id; /* the process-wide cache entry its key came from (0: none) */
    unsigned long long memo_id;      /* the process-wide memo of formats that failed on this file (0: none) */
};

/* Page geometry helpers. */
static inline uint32_t dp_get_be32(const unsigned char *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static inline void dp_put_be32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}
static inline uint32_t dp_get_le32(const unsigned char *p) {
    return ((uint32_t)p[3] << 24) | ((uint32_t)p[2] << 16) | ((uint32_t)p[1] << 8) | p[0];
}
static inline void dp_put_le32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8); p[2] = (unsigned char)(v >> 16); p[3] = (unsigned char)(v >> 24);
}
static inline int dp_valid_page_size(int size) {
    return size >= DP_MIN_PAGE && size <= DP_MAX_PAGE && (size & (size - 1)) == 0;
}

/* codec.c: lifecycle, errors, dispatch. */
const dp_format *dp_format_by_id(int id);
dp_codec *dp_codec_new(const dp_format *format);
void dp_codec_free(dp_codec *codec);
int dp_codec_fail(dp_codec *codec, int error, uint32_t page, const char *fmt, ...);
int dp_is_zero(const unsigned char *data, int length);
int dp_header_page_size(const unsigned char *header);
int dp_header_looks_plain(const unsigned char *header_at_16);
int dp_page1_sane(const dp_codec *codec, const unsigned char *page, int page_size);
int dp_try_page1(dp_codec *codec, const unsigned char *head, int head_length, int page_size);
int dp_page2_authentic(dp_codec *codec, const dp_source *source, int page_size);
int dp_probe_page1_tampered(dp_codec *codec, const dp_source *source);
int dp_probe_clear_header(dp_codec *codec, const unsigned char *head, int head_length, const dp_source *source);
int dp_make_tag_key(dp_codec *codec);

/* detect.c: applying a key to a file. */
dp_codec *dp_detect(const dp_source *source, const dp_key_spec *spec, dp_key_result *result);
void dp_result_error(dp_key_result *result, int error, unsigned int page, const char *fmt, ...);

/* key_derivation.c: KDFs and digests. */
int dp_crypto_init(void);
const EVP_CIPHER *dp_cipher_aes256_cbc(void);
const EVP_CIPHER *dp_cipher_aes128_cbc(void);
const EVP_CIPHER *dp_cipher_chacha20(void);
const EVP_CIPHER *dp_cipher_rc4(void); /* NULL without OpenSSL's legacy provider */
EVP_MAC *dp_mac_hmac(void);
EVP_MAC *dp_mac_poly1305(void);
const EVP_MD *dp_md_named(const char *name);
int dp_pbkdf2(dp_kdf_cache *cache, const char *digest, const unsigned char *secret, int length,
              const unsigned char *salt, int salt_length, int iterations, unsigned char *out, int out_length);
int dp_kdf_memo(dp_kdf_cache *cache, const char *name, int cost, const unsigned char *secret, int length,
                const unsigned char *salt, unsigned char *out, int out_length,
                int (*compute)(void *context, const unsigned char *secret, int length, const unsigned char *salt,
                               unsigned char *out),
                void *context);
int dp_digest(const char *digest, const unsigned char *a, size_t a_len, const unsigned char *b, size_t b_len,
              const unsigned char *c, size_t c_len, unsigned char *out);
int dp_hmac(const char *digest, const unsigned char *key, size_t key_length, const unsigned char *a, size_t a_len,
            const unsigned char *b, size_t b_len, unsigned char *out, size_t out_length);
int dp_wx_aes128_key(const unsigned char *passphrase, int length, unsigned char key[16]);
int dp_wx_aes256_key(const unsigned char *passphrase, int length, unsigned char key[32]);

/* key_cache.c: the per-detection KDF cache over the process-wide cache of derived keys. */
/* A detection's view of the derived-key cache; with bypass_process_cache set it keeps its own slots only and never
 * reads or writes the process-wide cache (dp_key_spec.bypass_key_cache). */
dp_kdf_cache *dp_kdf_cache_new(const unsigned char *secret, int length, int bypass_process_cache);
void dp_kdf_cache_free(dp_kdf_cache *cache);
int dp_kdf_cache_find(dp_kdf_cache *cache, const char *digest, int iterations, const unsigned char *salt,
                      unsigned char out[32]);
void dp_kdf_cache_keep(dp_kdf_cache *cache, const char *digest, int iterations, const unsigned char *salt,
                       const unsigned char out[32]);
void dp_kdf_count_derivation(void);
void dp_kdf_cache_publish(dp_kdf_cache *cache, dp_codec *codec);
void dp_key_cache_unuse(unsigned long long id);
/* The formats (bit 1 << id) that failed with this passphrase on a file whose bytes 0-15 are `head`, before another
 * format opened it; 0 when nothing is known or the process-wide cache is not in use. */
unsigned int dp_kdf_cache_failed_formats(dp_kdf_cache *cache, const unsigned char *head);
/* `codec` opened the file after the formats in `failed` did not: the memo for this head and passphrase holds them. */
void dp_kdf_cache_note_failures(dp_kdf_cache *cache, const unsigned char *head, unsigned int failed, dp_codec *codec);
/* Counts a format attempt the memo skipped. */
void dp_kdf_count_skip(void);
/* codec.c: the wipe audit notes released key memory (all zero or not) on this thread. */
void dp_wipe_audit_note(const void *memory, size_t length);

/* The formats. */
extern const dp_format dp_format_sqlcipher4, dp_format_sqlcipher3, dp_format_sqlcipher2, dp_format_sqlcipher1;
extern const dp_format dp_format_aes128, dp_format_aes256;
extern const dp_format dp_format_chacha20, dp_format_sqleet;
extern const dp_format dp_format_rc4, dp_format_ascon128;
extern const dp_format dp_format_aegis128l, dp_format_aegis128x2, dp_format_aegis128x4;
extern const dp_format dp_format_aegis256, dp_format_aegis256x2, dp_format_aegis256x4;

#endif
