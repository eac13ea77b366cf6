/* SQLite3 Multiple Ciphers' interface shared by the pragmas (mc_pragmas.c) and the C API (mc_api.c). */
#ifndef DRIVERPORT_MC_INTERNAL_H
#define DRIVERPORT_MC_INTERNAL_H

#include "vfs_internal.h"

enum {
    DP_MC_CIPHER_AUTO = 0, /* no cipher chosen: detect an existing file, ChaCha20 for a new one (SQLite3MC's default) */
    DP_MC_CIPHER_AES128 = 1,
    DP_MC_CIPHER_AES256 = 2,
    DP_MC_CIPHER_CHACHA20 = 3,
    DP_MC_CIPHER_SQLCIPHER = 4,
    DP_MC_CIPHER_RC4 = 5,
    DP_MC_CIPHER_ASCON128 = 6,
    DP_MC_CIPHER_AEGIS = 7,
    DP_MC_CIPHER_COUNT = 8, /* the names below, the unused index 0 included */
};

/* SQLite3MC's cipher names, indexed by DP_MC_CIPHER_* (index 0: ""). */
extern const char *const dp_mc_names[DP_MC_CIPHER_COUNT];

/* Formats to try for a cipher and legacy value, and the format a new (empty) file gets (0: cannot create one). */
typedef struct dp_mc_choice {
    int candidates[DP_FORMAT_LAST];
    int count;
    int new_format;
    const char *cannot_create; /* why no new file, when new_format is 0 */
} dp_mc_choice;

dp_mc_choice dp_mc_choose(int cipher, int legacy);
/* kdf_iter of the formats whose count SQLite3MC lets an app set; 0 where the cipher has no single default here. */
int dp_mc_default_kdf_iter(int cipher, int legacy);
/* The DP_MC_CIPHER_* of a SQLite3MC cipher name (any case), or -1. */
int dp_mc_cipher_named(const char *name);
/* The legacy value in force for the file's cipher: sqlite3mc_config_cipher's, else PRAGMA legacy's. */
int dp_mc_legacy(const dp_file *file);
/* The legacy value in force for `cipher` on the file: sqlite3mc_config_cipher's for it, else PRAGMA legacy's. */
int dp_mc_legacy_of(const dp_file *file, int cipher);
/* Applies a passphrase with the file's cipher and legacy (PRAGMA key, sqlite3_key_v2). SQLITE_OK also for a wrong key
 * (the first read then fails with SQLITE_NOTADB); otherwise an error with `*message` set (sqlite3_free it). */
int dp_mc_apply(dp_file *file, const unsigned char *secret, int length, char **message);
/* The codec's main file of database `schema` (NULL: "main") of `db`, or NULL when the codec did not open it. */
dp_file *dp_mc_file(sqlite3 *db, const char *schema);
/* Whether a key may still be applied (none yet, nothing read); otherwise an error with `*message` set. */
int dp_mc_key_allowed(dp_file *file, char **message);
/* Registers SQLite3MC's SQL functions on a connection (mc_export.c): sqlite3mc_export(schema). */
int dp_mc_register_functions(sqlite3 *db);
/* Keeps a copy of the passphrase that keyed the file (replacing one kept before; none for `length` 0), for
 * sqlite3mc_export. */
int dp_mc_keep_secret(dp_file *file, const unsigned char *secret, int length);
/* Sets `*message` to a copy of `text` (sqlite3_free it) and returns `rc`. */
int dp_mc_answer(char **message, int rc, const char *text);
/* The rekey behind sqlite3_rekey_v2 and PRAGMA rekey/hexrekey: rewrites database `schema` (NULL: "main") of `db`
 * under `key` (`length` bytes; < 0: NUL-terminated). SQLITE_OK, or an SQLite code with `*message` set to one line
 * saying why (sqlite3_free it; never the passphrase). */
int dp_mc_rekey(sqlite3 *db, const char *schema, const void *key, int length, char **message);

#endif
