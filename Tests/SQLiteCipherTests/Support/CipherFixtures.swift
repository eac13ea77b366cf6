import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport

/// Test databases, keys and the oracle statements that open each format.
enum CipherFixtures {
    /// A string that must never reach the disk in clear.
    static let marker = "PLAINTEXT-MARKER-7f3a"

    /// The passphrase most tests use: Unicode, with a quote.
    static let passphrase = "Grüße, 'MMEX' 🔐"

    /// A raw 32-byte key (64 hex digits), for tests that are not about the key derivation.
    static let rawHex = String(repeating: "0123456789abcdef", count: 4)

    static func key(_ text: String = passphrase) throws -> CipherKey { try CipherKey(passphrase: text) }
    static func rawKey() throws -> CipherKey { try CipherKey.parsing("x'\(rawHex)'") }

    /// The rows every interop test writes: several pages of them, every storage class, Unicode, the marker.
    static let createSQL = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, amount NUMERIC, ratio REAL, data BLOB, note TEXT);
        CREATE INDEX t_name ON t(name);
        """

    /// Inserts `count` rows starting at id `first` (plain SQL, so every library runs the same statement).
    static func insertSQL(first: Int = 1, count: Int = 300) -> String {
        """
        WITH RECURSIVE n(i) AS (SELECT \(first) UNION ALL SELECT i + 1 FROM n WHERE i < \(first + count - 1))
        INSERT INTO t(id, name, amount, ratio, data, note)
        SELECT i, 'Café ' || i || ' ' || hex(randomblob(0)) || 'Ωmega', i * 0.1, i / 7.0, CAST(zeroblob(i % 5) || x'00ff' AS BLOB),
               '\(marker) ' || printf('%040d', i)
        FROM n
        """
    }

    static let selectSQL = "SELECT id, name, amount, ratio, data, note FROM t ORDER BY id"

    /// Opens `path` through the codec and applies `key` as `choice`.
    static func open(
        _ path: String, choice: CipherChoice = .auto, key: CipherKey?, access: OpenOptions.Access = .readWrite,
        pageSize: Int? = nil
    ) throws -> (EngineConnection, AppliedCipher) {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: access, vfs: PageCodec.vfsName))
        let applied = try PageCodec.apply(choice, key: key, to: connection, pageSize: pageSize)
        return (connection, applied)
    }

    /// Creates an encrypted database here with the standard rows.
    @discardableResult
    static func create(
        _ path: String, format: CipherFormat, key: CipherKey, pageSize: Int? = nil, rows: Int = 300, walMode: Bool = false
    ) throws -> [[SQLiteValue]] {
        let (connection, _) = try open(path, choice: .format(format), key: key, access: .readWriteCreate, pageSize: pageSize)
        defer { connection.close() }
        if walMode { _ = try connection.scalar("PRAGMA journal_mode = WAL") }
        try connection.execute(createSQL)
        try connection.execute(insertSQL(count: rows))
        try connection.setUserVersion(21)
        return try connection.rows(selectSQL)
    }

    /// The rows of `t` in a database this codec opens.
    static func rows(
        _ path: String, choice: CipherChoice = .auto, key: CipherKey?, access: OpenOptions.Access = .readOnly
    ) throws -> [[SQLiteValue]] {
        let (connection, _) = try open(path, choice: choice, key: key, access: access)
        defer { connection.close() }
        return try connection.rows(selectSQL)
    }

    /// The key statement for the oracles: a passphrase literal, or SQLCipher's raw-key form.
    static func keyStatement(passphrase: String? = nil, rawHex: String? = nil) -> String {
        if let rawHex { return "PRAGMA key = \"x'\(rawHex)'\"" }
        return "PRAGMA key = " + KeyPragmas.quoted(passphrase ?? Self.passphrase)
    }

    /// SQLite3 Multiple Ciphers: the statements before the key that select `format`.
    static func multipleCiphersConfig(_ format: CipherFormat, pageSize: Int? = nil, legacyLayout: Bool = false) -> [String] {
        var statements: [String]
        switch format {
        case .sqlcipher4: statements = ["PRAGMA cipher = 'sqlcipher'", "PRAGMA legacy = 4"]
        case .sqlcipher3: statements = ["PRAGMA cipher = 'sqlcipher'", "PRAGMA legacy = 3"]
        case .sqlcipher2: statements = ["PRAGMA cipher = 'sqlcipher'", "PRAGMA legacy = 2"]
        case .sqlcipher1: statements = ["PRAGMA cipher = 'sqlcipher'", "PRAGMA legacy = 1"]
        case .aes128: statements = ["PRAGMA cipher = 'aes128cbc'"] + (legacyLayout ? ["PRAGMA legacy = 1"] : [])
        case .aes256: statements = ["PRAGMA cipher = 'aes256cbc'"] + (legacyLayout ? ["PRAGMA legacy = 1"] : [])
        case .chacha20: statements = ["PRAGMA cipher = 'chacha20'"]
        case .sqleet: statements = ["PRAGMA cipher = 'chacha20'", "PRAGMA legacy = 1"]
        case .rc4: statements = ["PRAGMA cipher = 'rc4'"]
        case .ascon128: statements = ["PRAGMA cipher = 'ascon128'"]
        case .aegis128l, .aegis128x2, .aegis128x4, .aegis256, .aegis256x2, .aegis256x4:
            statements = ["PRAGMA cipher = 'aegis'", "PRAGMA algorithm = '\(format.rawValue)'"]
        }
        if let pageSize, format.needsLegacyPageSize { statements.append("PRAGMA legacy_page_size = \(pageSize)") }
        return statements
    }

    /// SQLCipher 4: the statements after the key for `format` (SQLCipher formats only).
    static func sqlcipherAfterKey(_ format: CipherFormat, pageSize: Int? = nil) -> [String] {
        var statements: [String] = []
        switch format {
        case .sqlcipher3: statements.append("PRAGMA cipher_compatibility = 3")
        case .sqlcipher2: statements.append("PRAGMA cipher_compatibility = 2")
        case .sqlcipher1: statements.append("PRAGMA cipher_compatibility = 1")
        default: break
        }
        if let pageSize { statements.append("PRAGMA cipher_page_size = \(pageSize)") }
        return statements
    }

    /// The statements that open `format` in `library` with a key, before any query.
    static func oracleOpen(
        _ library: Oracle.Library, _ format: CipherFormat, key: String, pageSize: Int? = nil, legacyLayout: Bool = false
    ) -> [String] {
        switch library {
        case .multipleCiphers: return multipleCiphersConfig(format, pageSize: pageSize, legacyLayout: legacyLayout) + [key]
        case .sqlcipher: return [key] + sqlcipherAfterKey(format, pageSize: pageSize)
        }
    }
}

extension CipherFormat {
    /// Whether SQLite3 Multiple Ciphers must be told the page size of an existing file (`legacy_page_size`): the
    /// formats that encrypt page 1's header.
    var needsLegacyPageSize: Bool { isSQLCipher || self == .sqleet || self == .rc4 }
}
