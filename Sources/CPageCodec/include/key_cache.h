/*
 * The process-wide cache of derived keys (see key_cache.c): a passphrase's PBKDF2 output is derived once per file
 * salt and reused by every later open of a file with that salt (pool readers, a copy's sessions, an export's
 * verification), instead of running the KDF (256,000 iterations for SQLCipher 4) on every open.
 *
 * An entry is found by (KDF digest, iterations, salt, HMAC-SHA256 of the passphrase under a random key drawn once
 * per process): neither the passphrase nor the key can be recovered from what finds an entry. Only derivations
 * that opened a file (or created a new one) are stored, so a wrong passphrase is never cached, and a cached key is
 * still checked against page 1 like a freshly derived one. Entries live in memory locked against swapping where the
 * system allows it, are wiped (OPENSSL_cleanse) when the last codec using them is freed and no hold is active,
 * and on dp_key_cache_clear(); nothing is ever written anywhere. A key applied with dp_key_spec.bypass_key_cache
 * set neither takes nor leaves anything here.
 *
 * Beside the keys, a memo of the formats that failed before another one opened a file ("with this passphrase, on a
 * file whose bytes 0-15 are these, SQLCipher 4 did not verify; SQLCipher 3 did"), found the same way by (bytes 0-15,
 * passphrase HMAC) and holding format ids only, never key material. Detection with `--cipher auto` skips those
 * formats on a later open, so it does not run their key derivations again; it still tries them when no other format
 * opens the file (a wrong passphrase is refused as before, having derived every format's key). The memo is kept only
 * when a format opened the file, so a wrong passphrase leaves nothing; it is per passphrase, so a right passphrase
 * after a wrong one is unaffected; and a rekeyed file has new bytes 0-15. Memos have the entries' lifetime: their
 * users are the codecs they helped open, and they are wiped with the entries.
 */
#ifndef DRIVERPORT_KEY_CACHE_H
#define DRIVERPORT_KEY_CACHE_H

#ifdef __cplusplus
extern "C" {
#endif

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
    unsigned long long skipped;     /* format attempts skipped by the memo of formats that failed on a file */
} dp_key_cache_stats;

void dp_key_cache_get_stats(dp_key_cache_stats *stats);

/* For tests: how many entries hold a key for this 16-byte salt, and how many codecs use them. */
int dp_key_cache_entries_for_salt(const unsigned char *salt, unsigned long *users);

/* For tests: the formats (bit 1 << id) the memo holds as failed on files whose bytes 0-15 are `salt`, and how many
 * codecs use those memos. */
unsigned int dp_key_cache_failed_formats_for_salt(const unsigned char *salt, unsigned long *users);

/* For tests, while a hold is active: makes the memo for (bytes 0-15, passphrase) hold `failed` whatever the file is,
 * as a memo that has gone wrong would. Returns 1 when kept. */
int dp_key_cache_plant_failed_formats(const unsigned char *head, const unsigned char *passphrase, int length,
                                      unsigned int failed);

#ifdef __cplusplus
}
#endif
#endif
