/*
 * sqlite3mc_export(schema): copies the main database into the attached database `schema`, which must be new (an
 * empty file), encrypted as the main one is (same format and passphrase, a salt of its own), or plain when the main
 * database is plain; what mmex-ios's `exportEncryptedDatabase` runs after `ATTACH ... AS cipher_export`, and what
 * SQLCipher's sqlcipher_export does. Tables, their rows, the AUTOINCREMENT counters, then indexes, triggers and views,
 * user_version and application_id, in one transaction with foreign keys checked at the end. Returns NULL; an error
 * leaves the target as it was.
 */
#include <string.h>
#include "mc_internal.h"

/* Keys the empty target like the main database: its format, page size and passphrase. */
static int dp_export_key(sqlite3 *db, const char *schema, dp_file *source, dp_file *target, char **error) {
    sqlite3_int64 size = 0;
    if (target->codec != NULL || target->real->pMethods->xFileSize(target->real, &size) != SQLITE_OK || size != 0) {
        *error = sqlite3_mprintf("sqlite3mc_export: '%s' must be a new, empty database", schema);
        return SQLITE_ERROR;
    }
    if (source->mc_secret == NULL) {
        *error = sqlite3_mprintf("sqlite3mc_export: the main database was not keyed through PRAGMA key or "
                                 "sqlite3_key_v2, so there is no passphrase to encrypt the copy with");
        return SQLITE_ERROR;
    }
    int format = source->codec->format->id;
    dp_key_spec spec = {
        .candidates = &format,
        .candidate_count = 1,
        .secret = source->mc_secret,
        .secret_length = source->mc_secret_length,
        .secret_is_raw = 0,
        .new_file_format = format,
        .new_file_page_size = source->codec->page_size,
    };
    dp_key_result result;
    dp_apply_key apply = {.spec = &spec, .result = &result};
    target->pages_read = 0; /* ATTACH looked at an empty file: there was nothing to read */
    int rc = dp_attach_key(target, &apply);
    if (rc == SQLITE_OK && result.outcome != DP_FILE_NEW) rc = SQLITE_ERROR;
    if (rc == SQLITE_OK) {
        int reserve = result.reserve;
        sqlite3_file_control(db, schema, SQLITE_FCNTL_RESERVE_BYTES, &reserve);
        rc = dp_mc_keep_secret(target, source->mc_secret, source->mc_secret_length);
    } else {
        *error = sqlite3_mprintf("sqlite3mc_export: the copy could not be keyed (%s)", result.message);
    }
    dp_wipe(&result, sizeof(result));
    return rc;
}

/* `sql` (a CREATE statement as sqlite_schema keeps it) with the object's name qualified by `schema`. */
static char *dp_export_create(const char *sql, const char *schema) {
    static const char *const prefixes[] = {
        "CREATE TABLE ", "CREATE VIRTUAL TABLE ", "CREATE UNIQUE INDEX ", "CREATE INDEX ", "CREATE VIEW ",
        "CREATE TRIGGER ",
    };
    for (size_t index = 0; index < sizeof(prefixes) / sizeof(prefixes[0]); index++) {
        size_t length = strlen(prefixes[index]);
        if (sqlite3_strnicmp(sql, prefixes[index], (int)length) == 0) {
            return sqlite3_mprintf("%.*s\"%w\".%s", (int)length, sql, schema, sql + length);
        }
    }
    return NULL;
}

/* Runs `each` for every row of `query` (columns: name, sql), stopping at the first error. */
static int dp_export_each(sqlite3 *db, const char *query, const char *schema, const char *format, char **error) {
    sqlite3_stmt *statement = NULL;
    int rc = sqlite3_prepare_v2(db, query, -1, &statement, NULL);
    while (rc == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(statement, 0);
        const char *sql = (const char *)sqlite3_column_text(statement, 1);
        char *run = format != NULL ? sqlite3_mprintf(format, schema, name, name) : dp_export_create(sql, schema);
        if (run == NULL) {
            *error = sqlite3_mprintf("sqlite3mc_export: cannot copy '%s'", name != NULL ? name : "?");
            rc = SQLITE_ERROR;
            break;
        }
        rc = sqlite3_exec(db, run, NULL, NULL, error);
        sqlite3_free(run);
    }
    int final = sqlite3_finalize(statement);
    return rc != SQLITE_OK ? rc : final;
}

static int dp_export_copy(sqlite3 *db, const char *schema, int page_size, char **error) {
    char *sql = sqlite3_mprintf("PRAGMA \"%w\".page_size = %d", schema, page_size);
    int rc = sql != NULL ? sqlite3_exec(db, sql, NULL, NULL, error) : SQLITE_NOMEM;
    sqlite3_free(sql);
    static const char *const tables =
        "SELECT name, sql FROM main.sqlite_schema WHERE type = 'table' AND sql NOT NULL "
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid";
    static const char *const others =
        "SELECT name, sql FROM main.sqlite_schema WHERE type IN ('index', 'trigger', 'view') AND sql NOT NULL "
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid";
    if (rc == SQLITE_OK) rc = dp_export_each(db, tables, schema, NULL, error);
    if (rc == SQLITE_OK) {
        rc = dp_export_each(db, tables, schema, "INSERT INTO \"%w\".\"%w\" SELECT * FROM main.\"%w\"", error);
    }
    if (rc == SQLITE_OK) {
        static const char *const sequence = "SELECT name, sql FROM main.sqlite_schema WHERE name = 'sqlite_sequence'";
        rc = dp_export_each(db, sequence, schema, "DELETE FROM \"%w\".\"%w\"", error);
        if (rc == SQLITE_OK) {
            rc = dp_export_each(db, sequence, schema, "INSERT INTO \"%w\".\"%w\" SELECT * FROM main.\"%w\"", error);
        }
    }
    if (rc == SQLITE_OK) rc = dp_export_each(db, others, schema, NULL, error);
    for (int pass = 0; pass < 2 && rc == SQLITE_OK; pass++) {
        const char *pragma = pass == 0 ? "user_version" : "application_id";
        sqlite3_stmt *statement = NULL;
        sql = sqlite3_mprintf("PRAGMA main.%s", pragma);
        rc = sql != NULL ? sqlite3_prepare_v2(db, sql, -1, &statement, NULL) : SQLITE_NOMEM;
        sqlite3_free(sql);
        int value = rc == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int(statement, 0) : 0;
        sqlite3_finalize(statement);
        sql = sqlite3_mprintf("PRAGMA \"%w\".%s = %d", schema, pragma, value);
        if (rc == SQLITE_OK) rc = sql != NULL ? sqlite3_exec(db, sql, NULL, NULL, error) : SQLITE_NOMEM;
        sqlite3_free(sql);
    }
    return rc;
}

static void dp_mc_export(sqlite3_context *context, int argc, sqlite3_value **argv) {
    sqlite3 *db = sqlite3_context_db_handle(context);
    const char *schema = argc == 1 ? (const char *)sqlite3_value_text(argv[0]) : NULL;
    if (schema == NULL || sqlite3_stricmp(schema, "main") == 0 || sqlite3_stricmp(schema, "temp") == 0) {
        sqlite3_result_error(context, "sqlite3mc_export takes the name of an attached database", -1);
        return;
    }
    dp_file *source = dp_mc_file(db, "main"), *target = dp_mc_file(db, schema);
    if (target == NULL) {
        sqlite3_result_error(context, "sqlite3mc_export: no attached database of that name opened through the codec", -1);
        return;
    }
    char *error = NULL;
    int page_size = source != NULL && source->codec != NULL ? source->codec->page_size : 4096;
    int rc = SQLITE_OK;
    if (source != NULL && source->codec != NULL) {
        rc = dp_export_key(db, schema, source, target, &error);
    } else {
        sqlite3_stmt *statement = NULL;
        if (sqlite3_prepare_v2(db, "PRAGMA main.page_size", -1, &statement, NULL) == SQLITE_OK
            && sqlite3_step(statement) == SQLITE_ROW) {
            page_size = sqlite3_column_int(statement, 0);
        }
        sqlite3_finalize(statement);
    }
    int foreign_keys = 0;
    if (rc == SQLITE_OK) {
        sqlite3_stmt *statement = NULL;
        if (sqlite3_prepare_v2(db, "PRAGMA foreign_keys", -1, &statement, NULL) == SQLITE_OK
            && sqlite3_step(statement) == SQLITE_ROW) {
            foreign_keys = sqlite3_column_int(statement, 0);
        }
        sqlite3_finalize(statement);
        if (foreign_keys) sqlite3_exec(db, "PRAGMA foreign_keys = OFF", NULL, NULL, NULL);
        rc = sqlite3_exec(db, "SAVEPOINT dp_mc_export", NULL, NULL, &error);
        if (rc == SQLITE_OK) {
            rc = dp_export_copy(db, schema, page_size, &error);
            if (rc != SQLITE_OK) sqlite3_exec(db, "ROLLBACK TO dp_mc_export", NULL, NULL, NULL);
            int released = sqlite3_exec(db, "RELEASE dp_mc_export", NULL, NULL, rc == SQLITE_OK ? &error : NULL);
            if (rc == SQLITE_OK) rc = released;
        }
        if (foreign_keys) sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error(context, error != NULL ? error : sqlite3_errstr(rc), -1);
        sqlite3_result_error_code(context, rc);
    } else {
        sqlite3_result_null(context);
    }
    sqlite3_free(error);
}

int dp_mc_register_functions(sqlite3 *db) {
    return sqlite3_create_function_v2(db, "sqlite3mc_export", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, NULL, dp_mc_export,
                                      NULL, NULL, NULL);
}
