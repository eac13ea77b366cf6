/*
 * SQLite3 Multiple Ciphers' C API over the page codec on the system SQLite, under DriverPort's own names (so they
 * never clash with libsqlcipher's sqlite3_key_v2 in the same process). The Swift module SQLite3MultipleCiphers gives
 * them SQLite3MC's names. Each works on a connection whose files the codec opened: a codec VFS instance is the
 * default VFS (dp_codec_install_mc) or the connection was opened with vfs= an instance. Same parameters and return
 * values as SQLite3MC's; what this codec cannot do returns SQLITE_ERROR (or -1 for the configuration calls) and
 * logs why through sqlite3_log.
 */
#ifndef DRIVERPORT_MC_API_H
#define DRIVERPORT_MC_API_H

#ifdef __cplusplus
extern "C" {
#endif

/* sqlite3_key_v2: keys database `schema` (NULL: "main") with `key` (`length` bytes; < 0: NUL-terminated) before its
 * first read, with the connection's cipher configuration. SQLITE_OK also for a wrong key: the first read then fails
 * with SQLITE_NOTADB and nothing changes. A NULL or empty key does nothing. */
int dp_mc_key_v2(void *db, const char *schema, const void *key, int length);

/* sqlite3_rekey_v2: rewrites every page of database `schema` under the new key in one transaction (a crash leaves
 * the file whole under the old key). The connection must be outside a transaction and, for the file's other
 * connections, the only one open. A WAL database is switched to rollback mode for the rewrite and back. An encrypted
 * database only: decrypting or encrypting in place returns SQLITE_ERROR (driverport rekey/export do it by copy). */
int dp_mc_rekey_v2(void *db, const char *schema, const void *key, int length);

/* sqlite3mc_config: the connection's (or, with db NULL, the process's default) parameter "cipher" or "hmac_check",
 * with SQLite3MC's "default:", "min:" and "max:" prefixes; -1 for an unknown parameter. */
int dp_mc_config(void *db, const char *name, int value);

/* sqlite3mc_config_cipher: a cipher's parameter ("legacy", "kdf_iter", "legacy_page_size"); -1 when unknown. */
int dp_mc_config_cipher(void *db, const char *cipher, const char *name, int value);

/* sqlite3mc_cipher_count, sqlite3mc_cipher_index (-1 for an unknown name), sqlite3mc_cipher_name ("" for an index
 * out of range): SQLite3MC's seven ciphers, in its order (aes128cbc = 1 ... aegis = 7). */
int dp_mc_cipher_count(void);
int dp_mc_cipher_index(const char *name);
const char *dp_mc_cipher_name(int index);

#ifdef __cplusplus
}
#endif

#endif
