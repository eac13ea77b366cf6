/*
 * Derived keys, derived once: the per-detection KDF cache (formats sharing a KDF within one detection, such as
 * SQLCipher v1 and v2) and the process-wide cache behind it (see include/key_cache.h for the contract), with its
 * memo of the formats that failed before another one opened a file (no key material: format ids only).
 *
 * The process-wide table is one anonymous mapping, locked against swapping (mlock, best effort) and left out of core
 * dumps (MADV_DONTDUMP where it exists); the random fingerprint key lives in it too. A mutex guards the table, the
 * hold count and the statistics. A slot is wiped with OPENSSL_cleanse whenever it is released.
 */
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include "codec_internal.h"
#include "key_cache.h"

#define DP_CACHE_SLOTS 32
#define DP_LOCAL_SLOTS 8
#define DP_FINGERPRINT_LEN 32
#define DP_MEMO_SLOTS 32

typedef struct dp_cache_entry {
    unsigned long long id;          /* 0: a free slot */
    const char *digest;             /* one of dp_md_named's static names, compared by pointer */
    int iterations;
    unsigned long users;            /* codecs (open connections) whose key came from this entry */
    unsigned long long last_use;
    unsigned char salt[DP_SALT_LEN];
    unsigned char fingerprint[DP_FINGERPRINT_LEN];
    unsigned char key[32];
} dp_cache_entry;

/*
 * "These formats did not open the file beginning with `head` with this passphrase; another one did." Found by
 * (head, fingerprint) like an entry; holds format ids, never a key. Its users are the codecs it helped open.
 */
typedef struct dp_memo_entry {
    unsigned long long id;          /* 0: a free slot; drawn from the entries' counter, so ids never collide */
    unsigned long users;
    unsigned long long last_use;
    unsigned int failed;            /* bit (1 << format id) */
    unsigned char head[DP_SALT_LEN];
    unsigned char fingerprint[DP_FINGERPRINT_LEN];
} dp_memo_entry;

typedef struct dp_cache_table {
    unsigned char fingerprint_key[32];
    dp_cache_entry entries[DP_CACHE_SLOTS];
    dp_memo_entry memos[DP_MEMO_SLOTS];
} dp_cache_table;

static pthread_mutex_t dp_cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t dp_cache_once = PTHREAD_ONCE_INIT;
static dp_cache_table *dp_table;     /* NULL: no locked memory or no random key; the cache stays off */
static unsigned long dp_holds;
static unsigned long long dp_next_id = 1, dp_clock;
static unsigned long long dp_derivations, dp_hits, dp_skips;

static void dp_cache_setup(void) {
    void *memory = mmap(NULL, sizeof(dp_cache_table), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return;
    (void)mlock(memory, sizeof(dp_cache_table)); /* best effort: RLIMIT_MEMLOCK may refuse */
#ifdef MADV_DONTDUMP
    (void)madvise(memory, sizeof(dp_cache_table), MADV_DONTDUMP);
#endif
    dp_cache_table *table = memory; /* mmap gives zeroed pages */
    if (RAND_bytes(table->fingerprint_key, sizeof(table->fingerprint_key)) != 1) {
        munmap(memory, sizeof(dp_cache_table));
        return;
    }
    dp_table = table;
}

/* Whether the process-wide cache is usable; call with the lock held. */
static int dp_cache_on(void) {
    return dp_table != NULL;
}

static void dp_entry_wipe(dp_cache_entry *entry) {
    OPENSSL_cleanse(entry, sizeof(*entry));
    dp_wipe_audit_note(entry, sizeof(*entry));
}

static dp_cache_entry *dp_entry_find(const char *digest, int iterations, const unsigned char *salt,
                                     const unsigned char *fingerprint) {
    for (int i = 0; i < DP_CACHE_SLOTS; i++) {
        dp_cache_entry *e = &dp_table->entries[i];
        if (e->id != 0 && e->digest == digest && e->iterations == iterations && memcmp(e->salt, salt, DP_SALT_LEN) == 0
            && CRYPTO_memcmp(e->fingerprint, fingerprint, DP_FINGERPRINT_LEN) == 0) {
            return e;
        }
    }
    return NULL;
}

static void dp_memo_wipe(dp_memo_entry *memo) {
    OPENSSL_cleanse(memo, sizeof(*memo));
    dp_wipe_audit_note(memo, sizeof(*memo));
}

/* Wipes every entry and memo no codec uses (every one, with `all`). Lock held. */
static void dp_entries_sweep(int all) {
    if (dp_table == NULL) return;
    for (int i = 0; i < DP_CACHE_SLOTS; i++) {
        dp_cache_entry *e = &dp_table->entries[i];
        if (e->id != 0 && (all || e->users == 0)) dp_entry_wipe(e);
    }
    for (int i = 0; i < DP_MEMO_SLOTS; i++) {
        dp_memo_entry *m = &dp_table->memos[i];
        if (m->id != 0 && (all || m->users == 0)) dp_memo_wipe(m);
    }
}

static dp_memo_entry *dp_memo_find(const unsigned char *head, const unsigned char *fingerprint) {
    for (int i = 0; i < DP_MEMO_SLOTS; i++) {
        dp_memo_entry *m = &dp_table->memos[i];
        if (m->id != 0 && memcmp(m->head, head, DP_SALT_LEN) == 0
            && CRYPTO_memcmp(m->fingerprint, fingerprint, DP_FINGERPRINT_LEN) == 0) {
            return m;
        }
    }
    return NULL;
}

/* ---- the per-detection cache ---- */

typedef struct dp_local_entry {
    int used;
    const char *digest;
    int iterations;
    unsigned char salt[DP_SALT_LEN];
    unsigned char out[32];
} dp_local_entry;

struct dp_kdf_cache {
    const unsigned char *secret; /* the caller's passphrase bytes, valid for the detection only; never copied */
    int secret_length;
    int fingerprint_state;       /* 0: not computed yet, 1: computed, -1: the process-wide cache is not used */
    unsigned char fingerprint[DP_FINGERPRINT_LEN];
    dp_local_entry entries[DP_LOCAL_SLOTS];
};

dp_kdf_cache *dp_kdf_cache_new(const unsigned char *secret, int length, int bypass_process_cache) {
    dp_kdf_cache *cache = OPENSSL_zalloc(sizeof(dp_kdf_cache));
    if (cache == NULL) return NULL;
    cache->secret = secret;
    cache->secret_length = length;
    if (bypass_process_cache) cache->fingerprint_state = -1; /* this detection's own slots only */
    return cache;
}

void dp_kdf_cache_free(dp_kdf_cache *cache) {
    if (cache) OPENSSL_clear_free(cache, sizeof(*cache));
}

/* HMAC-SHA256(process key, passphrase), once per detection; 0 when the process-wide cache is not in use. */
static int dp_fingerprint(dp_kdf_cache *cache) {
    if (cache->fingerprint_state == 0) {
        pthread_once(&dp_cache_once, dp_cache_setup);
        pthread_mutex_lock(&dp_cache_lock);
        int on = dp_cache_on();
        unsigned char key[32];
        if (on) memcpy(key, dp_table->fingerprint_key, sizeof(key));
        pthread_mutex_unlock(&dp_cache_lock);
        cache->fingerprint_state = -1;
        if (on && cache->secret != NULL && cache->secret_length > 0
            && dp_hmac("SHA256", key, sizeof(key), cache->secret, (size_t)cache->secret_length, NULL, 0,
                       cache->fingerprint, DP_FINGERPRINT_LEN) == DP_OK) {
            cache->fingerprint_state = 1;
        }
        OPENSSL_cleanse(key, sizeof(key));
    }
    return cache->fingerprint_state == 1;
}

int dp_kdf_cache_find(dp_kdf_cache *cache, const char *digest, int iterations, const unsigned char *salt,
                      unsigned char out[32]) {
    for (int i = 0; i < DP_LOCAL_SLOTS; i++) {
        dp_local_entry *e = &cache->entries[i];
        if (e->used && e->digest == digest && e->iterations == iterations && memcmp(e->salt, salt, DP_SALT_LEN) == 0) {
            memcpy(out, e->out, 32);
            return 1;
        }
    }
    if (!dp_fingerprint(cache)) return 0;
    int found = 0;
    pthread_mutex_lock(&dp_cache_lock);
    dp_cache_entry *entry = dp_cache_on() ? dp_entry_find(digest, iterations, salt, cache->fingerprint) : NULL;
    if (entry != NULL) {
        memcpy(out, entry->key, 32);
        entry->last_use = ++dp_clock;
        dp_hits++;
        found = 1;
    }
    pthread_mutex_unlock(&dp_cache_lock);
    if (found) dp_kdf_cache_keep(cache, digest, iterations, salt, out);
    return found;
}

void dp_kdf_cache_keep(dp_kdf_cache *cache, const char *digest, int iterations, const unsigned char *salt,
                       const unsigned char out[32]) {
    for (int i = 0; i < DP_LOCAL_SLOTS; i++) {
        dp_local_entry *e = &cache->entries[i];
        if (!e->used) {
            e->used = 1;
            e->digest = digest;
            e->iterations = iterations;
            memcpy(e->salt, salt, DP_SALT_LEN);
            memcpy(e->out, out, 32);
            return;
        }
    }
}

void dp_kdf_count_derivation(void) {
    pthread_mutex_lock(&dp_cache_lock);
    dp_derivations++;
    pthread_mutex_unlock(&dp_cache_lock);
}

/*
 * The detection found `codec`: if its key is one of this detection's PBKDF2 outputs, that output goes into the
 * process-wide cache (or the entry it came from gains a user), and the codec remembers the entry so that freeing it
 * releases the entry. Only keys that opened (or created) a file get here.
 */
void dp_kdf_cache_publish(dp_kdf_cache *cache, dp_codec *codec) {
    if (cache == NULL || codec == NULL || !dp_fingerprint(cache)) return;
    const dp_local_entry *local = NULL;
    for (int i = 0; i < DP_LOCAL_SLOTS && local == NULL; i++) {
        const dp_local_entry *e = &cache->entries[i];
        if (e->used && memcmp(e->salt, codec->salt, DP_SALT_LEN) == 0 && CRYPTO_memcmp(e->out, codec->key, 32) == 0) {
            local = e;
        }
    }
    if (local == NULL) return;
    pthread_mutex_lock(&dp_cache_lock);
    if (dp_cache_on()) {
        dp_cache_entry *entry = dp_entry_find(local->digest, local->iterations, local->salt, cache->fingerprint);
        if (entry == NULL) {
            /* A free slot, else the least recently used one no connection uses; with neither, nothing is cached. */
            for (int i = 0; i < DP_CACHE_SLOTS; i++) {
                dp_cache_entry *e = &dp_table->entries[i];
                if (e->id == 0) { entry = e; break; }
                if (e->users == 0 && (entry == NULL || e->last_use < entry->last_use)) entry = e;
            }
            if (entry != NULL) {
                dp_entry_wipe(entry);
                entry->id = dp_next_id++;
                entry->digest = local->digest;
                entry->iterations = local->iterations;
                memcpy(entry->salt, local->salt, DP_SALT_LEN);
                memcpy(entry->fingerprint, cache->fingerprint, DP_FINGERPRINT_LEN);
                memcpy(entry->key, local->out, 32);
            }
        }
        if (entry != NULL) {
            entry->users++;
            entry->last_use = ++dp_clock;
            codec->key_cache_id = entry->id;
        }
    }
    pthread_mutex_unlock(&dp_cache_lock);
}

/*
 * What the detection skips on a file beginning with `head`: the formats that failed with this passphrase before
 * another one opened such a file. The caller still tries them when nothing else opens the file.
 */
unsigned int dp_kdf_cache_failed_formats(dp_kdf_cache *cache, const unsigned char *head) {
    if (cache == NULL || !dp_fingerprint(cache)) return 0;
    unsigned int failed = 0;
    pthread_mutex_lock(&dp_cache_lock);
    dp_memo_entry *memo = dp_cache_on() ? dp_memo_find(head, cache->fingerprint) : NULL;
    if (memo != NULL) {
        failed = memo->failed;
        memo->last_use = ++dp_clock;
    }
    pthread_mutex_unlock(&dp_cache_lock);
    return failed;
}

/*
 * The memo for (head, fingerprint) holds `failed` from now on: found, or made in a free slot (else the least recently
 * used one no connection uses) when there is something to hold. NULL with nothing kept. Lock held, cache on.
 */
static dp_memo_entry *dp_memo_store(const unsigned char *head, const unsigned char *fingerprint, unsigned int failed) {
    dp_memo_entry *memo = dp_memo_find(head, fingerprint);
    if (memo == NULL && failed != 0) {
        for (int i = 0; i < DP_MEMO_SLOTS; i++) {
            dp_memo_entry *m = &dp_table->memos[i];
            if (m->id == 0) { memo = m; break; }
            if (m->users == 0 && (memo == NULL || m->last_use < memo->last_use)) memo = m;
        }
        if (memo != NULL) {
            dp_memo_wipe(memo);
            memo->id = dp_next_id++;
            memcpy(memo->head, head, DP_SALT_LEN);
            memcpy(memo->fingerprint, fingerprint, DP_FINGERPRINT_LEN);
        }
    }
    if (memo != NULL) {
        memo->failed = failed; /* what the latest detection found: a format that opened the file leaves the memo */
        memo->last_use = ++dp_clock;
    }
    return memo;
}

/*
 * `codec` opened the file beginning with `head` after the formats in `failed` did not (tried now or skipped by the
 * memo): the memo for (head, passphrase) holds them from now on and gains the codec as a user, so it lives as long
 * as the entries. With no failures and no memo yet, nothing is kept.
 */
void dp_kdf_cache_note_failures(dp_kdf_cache *cache, const unsigned char *head, unsigned int failed, dp_codec *codec) {
    if (cache == NULL || codec == NULL || !dp_fingerprint(cache)) return;
    pthread_mutex_lock(&dp_cache_lock);
    dp_memo_entry *memo = dp_cache_on() ? dp_memo_store(head, cache->fingerprint, failed) : NULL;
    if (memo != NULL) {
        memo->users++;
        codec->memo_id = memo->id;
    }
    pthread_mutex_unlock(&dp_cache_lock);
}

void dp_kdf_count_skip(void) {
    pthread_mutex_lock(&dp_cache_lock);
    dp_skips++;
    pthread_mutex_unlock(&dp_cache_lock);
}

/* A codec that used entry or memo `id` is being freed. */
void dp_key_cache_unuse(unsigned long long id) {
    if (id == 0) return;
    pthread_mutex_lock(&dp_cache_lock);
    for (int i = 0; dp_table != NULL && i < DP_CACHE_SLOTS; i++) {
        dp_cache_entry *e = &dp_table->entries[i];
        if (e->id == id) {
            if (e->users > 0) e->users--;
            if (e->users == 0 && dp_holds == 0) dp_entry_wipe(e);
            break;
        }
    }
    for (int i = 0; dp_table != NULL && i < DP_MEMO_SLOTS; i++) {
        dp_memo_entry *m = &dp_table->memos[i];
        if (m->id == id) {
            if (m->users > 0) m->users--;
            if (m->users == 0 && dp_holds == 0) dp_memo_wipe(m);
            break;
        }
    }
    pthread_mutex_unlock(&dp_cache_lock);
}

/* ---- the public face (key_cache.h) ---- */

void dp_key_cache_clear(void) {
    pthread_mutex_lock(&dp_cache_lock);
    dp_entries_sweep(1);
    pthread_mutex_unlock(&dp_cache_lock);
}

void dp_key_cache_hold(void) {
    pthread_mutex_lock(&dp_cache_lock);
    dp_holds++;
    pthread_mutex_unlock(&dp_cache_lock);
}

void dp_key_cache_release(void) {
    pthread_mutex_lock(&dp_cache_lock);
    if (dp_holds > 0) dp_holds--;
    if (dp_holds == 0) dp_entries_sweep(0);
    pthread_mutex_unlock(&dp_cache_lock);
}

void dp_key_cache_get_stats(dp_key_cache_stats *stats) {
    memset(stats, 0, sizeof(*stats));
    pthread_mutex_lock(&dp_cache_lock);
    for (int i = 0; dp_table != NULL && i < DP_CACHE_SLOTS; i++) {
        if (dp_table->entries[i].id != 0) stats->entries++;
    }
    stats->holds = dp_holds;
    stats->derivations = dp_derivations;
    stats->hits = dp_hits;
    stats->skipped = dp_skips;
    pthread_mutex_unlock(&dp_cache_lock);
}

int dp_key_cache_entries_for_salt(const unsigned char *salt, unsigned long *users) {
    int count = 0;
    unsigned long total = 0;
    pthread_mutex_lock(&dp_cache_lock);
    for (int i = 0; dp_table != NULL && i < DP_CACHE_SLOTS; i++) {
        const dp_cache_entry *e = &dp_table->entries[i];
        if (e->id != 0 && memcmp(e->salt, salt, DP_SALT_LEN) == 0) {
            count++;
            total += e->users;
        }
    }
    pthread_mutex_unlock(&dp_cache_lock);
    if (users != NULL) *users = total;
    return count;
}

unsigned int dp_key_cache_failed_formats_for_salt(const unsigned char *salt, unsigned long *users) {
    unsigned int failed = 0;
    unsigned long total = 0;
    pthread_mutex_lock(&dp_cache_lock);
    for (int i = 0; dp_table != NULL && i < DP_MEMO_SLOTS; i++) {
        const dp_memo_entry *m = &dp_table->memos[i];
        if (m->id != 0 && memcmp(m->head, salt, DP_SALT_LEN) == 0) {
            failed |= m->failed;
            total += m->users;
        }
    }
    pthread_mutex_unlock(&dp_cache_lock);
    if (users != NULL) *users = total;
    return failed;
}

int dp_key_cache_plant_failed_formats(const unsigned char *head, const unsigned char *passphrase, int length,
                                      unsigned int failed) {
    dp_kdf_cache *cache = dp_kdf_cache_new(passphrase, length, 0);
    int kept = 0;
    if (cache != NULL && dp_fingerprint(cache)) {
        pthread_mutex_lock(&dp_cache_lock);
        kept = dp_cache_on() && dp_holds > 0 && dp_memo_store(head, cache->fingerprint, failed) != NULL;
        pthread_mutex_unlock(&dp_cache_lock);
    }
    dp_kdf_cache_free(cache);
    return kept;
}
