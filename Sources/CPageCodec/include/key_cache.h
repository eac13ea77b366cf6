/*
 * The process-wide cache of derived keys (see key_cache.c): a passphrase's PBKDF2 output is derived once per file
 * salt and reused by every later open of a file with that salt (pool readers, a copy's sessions, an export's
 * verification), instead of running the KDF (256,000 iterations for SQLCipher 4) on every open.
 *
 * An entry is found by (KDF digest, iterations, salt, HMAC-SHA256 of the passphrase under a random key drawn once
 * per process): neither the passphrase nor the key can be recovered from what finds an entry. Only derivations
 * that opened a file (or created a new one) are stored, so a wrong passphrase is never cached, and a cached key is
 * still checked against page 1 like a freshly derived one. Entries live in memory locked against swapping where the
 * system allows it, are wiped (OPENSSL_cleanse) when the last codec using them is freed and no hold is active, on
 * dp_key_cache_clear(), and when the cache is turned off; nothing is ever written anywhere.
 */
#ifndef DRIVERPORT_KEY_CACHE_H
#define DRIVERPORT_KEY_CACHE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Turns the cache on (the default) or off; turning it off also wipes every entry. */
void dp_key_cache_set_enabled(int enabled);
int dp_key_cache_enabled(void);

/* Wipes every entry now. Open connections keep their own copy of their keys and are unaffected. */
void dp_key_cache_clear(void);

/*
 * A hold keeps entries after their last connection closes (a command that opens the same file many times in a
 * row, such as a diff, holds the cache for its run). Holds nest; releasing the last one wipes every entry no open
 * connection uses.
 */
void dp_key_cache_hold(void);
void dp_key_cache_release(void);

typedef struct dp_key_cache_stats {
    unsigned long entries;          /* entries in the cache now */
    unsigned long holds;            /* active holds */
    unsigned long long derivations; /* passphrase key derivations (PBKDF2) run by this process */
    unsigned long long hits;        /* opens that took their key from the cache */
} dp_key_cache_stats;

void dp_key_cache_get_stats(dp_key_cache_stats *stats);

/* For tests: how many entries hold a key for this 16-byte salt, and how many codecs use them. */
int dp_key_cache_entries_for_salt(const unsigned char *salt, unsigned long *users);

#ifdef __cplusplus
}
#endif
#endif
