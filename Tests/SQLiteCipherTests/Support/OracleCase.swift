import SQLiteCipher
import Testing

/// One way an oracle writes a format: which library, key form, page size and page-1 layout.
struct OracleCase: CustomTestStringConvertible, Sendable {
    let format: CipherFormat
    let library: Oracle.Library
    /// Use the raw key instead of the passphrase (skips the KDF on both sides).
    let raw: Bool
    let pageSize: Int?
    let legacyLayout: Bool

    init(_ format: CipherFormat, _ library: Oracle.Library, raw: Bool = false, pageSize: Int? = nil, legacyLayout: Bool = false) {
        self.format = format
        self.library = library
        self.raw = raw
        self.pageSize = pageSize
        self.legacyLayout = legacyLayout
    }

    var testDescription: String {
        var text = "\(format.rawValue) by \(library == .sqlcipher ? "SQLCipher 4" : "SQLite3MC")"
        if raw { text += ", raw key" }
        if let pageSize { text += ", \(pageSize)-byte pages" }
        if legacyLayout { text += ", old page-1 layout" }
        return text
    }

    var keyStatement: String {
        raw ? CipherFixtures.keyStatement(rawHex: CipherFixtures.rawHex) : CipherFixtures.keyStatement()
    }

    func key() throws -> CipherKey { raw ? try CipherFixtures.rawKey() : try CipherFixtures.key() }

    /// Statements that open the format in the oracle, before any query.
    var openStatements: [String] {
        var statements = CipherFixtures.oracleOpen(library, format, key: keyStatement, pageSize: nil, legacyLayout: legacyLayout)
        if let pageSize {
            switch library {
            case .sqlcipher: statements.append("PRAGMA cipher_page_size = \(pageSize)")
            case .multipleCiphers:
                if format.needsLegacyPageSize {
                    statements.insert("PRAGMA legacy_page_size = \(pageSize)", at: statements.count - 1)
                } else {
                    statements.append("PRAGMA page_size = \(pageSize)")
                }
            }
        }
        return statements
    }

    /// Statements that open an existing file of this case (a page size set at creation is read from the file,
    /// except by SQLCipher, which must be told).
    var reopenStatements: [String] {
        var statements = CipherFixtures.oracleOpen(library, format, key: keyStatement, pageSize: nil, legacyLayout: legacyLayout)
        if let pageSize {
            switch library {
            case .sqlcipher: statements.append("PRAGMA cipher_page_size = \(pageSize)")
            case .multipleCiphers:
                if format.needsLegacyPageSize {
                    statements.insert("PRAGMA legacy_page_size = \(pageSize)", at: statements.count - 1)
                }
            }
        }
        return statements
    }

    /// Every format, by the library that writes it, with a few non-default page sizes and both AES layouts.
    static let all: [OracleCase] = [
        OracleCase(.sqlcipher4, .sqlcipher),
        OracleCase(.sqlcipher4, .multipleCiphers, raw: true),
        OracleCase(.sqlcipher4, .sqlcipher, raw: true, pageSize: 1024),
        OracleCase(.sqlcipher4, .sqlcipher, raw: true, pageSize: 65536),
        OracleCase(.sqlcipher3, .sqlcipher),
        OracleCase(.sqlcipher3, .multipleCiphers, raw: true, pageSize: 4096),
        OracleCase(.sqlcipher2, .sqlcipher),
        OracleCase(.sqlcipher2, .multipleCiphers, raw: true),
        OracleCase(.sqlcipher1, .sqlcipher),
        OracleCase(.sqlcipher1, .multipleCiphers, raw: true, pageSize: 512),
        OracleCase(.aes128, .multipleCiphers),
        OracleCase(.aes128, .multipleCiphers, pageSize: 1024, legacyLayout: true),
        OracleCase(.aes256, .multipleCiphers),
        OracleCase(.aes256, .multipleCiphers, pageSize: 8192, legacyLayout: true),
        OracleCase(.chacha20, .multipleCiphers),
        OracleCase(.chacha20, .multipleCiphers, raw: true, pageSize: 8192),
        OracleCase(.sqleet, .multipleCiphers),
        OracleCase(.sqleet, .multipleCiphers, raw: true, pageSize: 1024),
    ]
}
