import Foundation
import MMEXFiles
import SQLiteCipher
import SQLiteEngine

/// One hostile encrypted input: a file and the key a user gives with it (wrong key, wrong format, tampered page).
public struct EncryptedBadInput: Sendable, CustomStringConvertible {
    public let name: String
    public let fileName: String
    /// The passphrase (or raw-key text) the user passes, through `--key-env`; `nil`: no key option.
    public let givenKey: String?
    /// `--cipher NAME` the user passes, if any.
    public let namedCipher: String?
    /// Text the one-line error must contain (case-insensitive).
    public let messageContains: String
    /// The damage is in a table page (not page 1): a command that reads only what it needs may not see it.
    public var damagesOnlyATablePage = false
    let make: @Sendable (_ path: String) throws -> Void

    public var description: String { name }

    /// Builds the file at `folder/fileName`.
    public func build(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(fileName).path
        try make(path)
        return path
    }

    /// The key options (arguments) for a command that takes keys, reading the key from `variable`.
    public func keyArguments(variable: String) -> [String] {
        (givenKey == nil ? [] : ["--key-env", variable]) + (namedCipher.map { ["--cipher", $0] } ?? [])
    }
}

/// Encrypted files with the wrong key, the wrong named format, a flipped bit: each must be refused clearly.
public enum EncryptedCorpus {
    /// The passphrase the corpus files are encrypted with.
    public static let rightPassphrase = "correct horse battery staple ✓ 42"
    /// A passphrase that opens none of them.
    public static let wrongPassphrase = "Tr0ub4dor&3-wrong"

    public static let all: [EncryptedBadInput] = [
        EncryptedBadInput(name: "SQLCipher 4 with a wrong passphrase", fileName: "v4.emb", givenKey: wrongPassphrase,
                          namedCipher: nil, messageContains: "wrong key") { try makeEncrypted(at: $0, format: .sqlcipher4) },
        EncryptedBadInput(name: "AES-128 with a wrong passphrase", fileName: "aes.emb", givenKey: wrongPassphrase,
                          namedCipher: nil, messageContains: "wrong key") { try makeEncrypted(at: $0, format: .aes128) },
        EncryptedBadInput(name: "SQLCipher 4 with the right passphrase, named as aes128", fileName: "v4-as-aes.emb",
                          givenKey: rightPassphrase, namedCipher: "aes128", messageContains: "wrong key") {
            try makeEncrypted(at: $0, format: .sqlcipher4)
        },
        EncryptedBadInput(name: "SQLCipher 4 with the right passphrase, named as sqlcipher3", fileName: "v4-as-v3.emb",
                          givenKey: rightPassphrase, namedCipher: "sqlcipher3", messageContains: "wrong key") {
            try makeEncrypted(at: $0, format: .sqlcipher4)
        },
        EncryptedBadInput(name: "SQLCipher 4 without a key", fileName: "v4-nokey.emb", givenKey: nil, namedCipher: nil,
                          messageContains: "encrypted") { try makeEncrypted(at: $0, format: .sqlcipher4) },
        EncryptedBadInput(name: "SQLCipher 4 with one bit flipped in a table page", fileName: "v4-flipped.emb",
                          givenKey: rightPassphrase, namedCipher: nil, messageContains: "page", damagesOnlyATablePage: true) { path in
            try makeEncrypted(at: path, format: .sqlcipher4)
            try flipBit(in: path, page: try middleLeafPage(of: "CURRENCYFORMATS_V1", encryptedAt: path, format: .sqlcipher4))
        },
        EncryptedBadInput(name: "SQLCipher 4 with one bit flipped in page 1", fileName: "v4-flipped1.emb",
                          givenKey: rightPassphrase, namedCipher: nil, messageContains: "page 1") { path in
            try makeEncrypted(at: path, format: .sqlcipher4)
            try flipBit(in: path, page: 1)
        },
        EncryptedBadInput(name: "ChaCha20 with one bit flipped in a table page", fileName: "chacha-flipped.emb",
                          givenKey: rightPassphrase, namedCipher: nil, messageContains: "page", damagesOnlyATablePage: true) { path in
            try makeEncrypted(at: path, format: .chacha20)
            try flipBit(in: path, page: try middleLeafPage(of: "CURRENCYFORMATS_V1", encryptedAt: path, format: .chacha20))
        },
        EncryptedBadInput(name: "Ascon-128 with one bit flipped in a table page", fileName: "ascon-flipped.emb",
                          givenKey: rightPassphrase, namedCipher: nil, messageContains: "page") { path in
            try makeEncrypted(at: path, format: .ascon128)
            try flipBit(in: path, page: try middleLeafPage(of: "CURRENCYFORMATS_V1", encryptedAt: path, format: .ascon128))
        },
        EncryptedBadInput(name: "AEGIS-256 with one bit flipped in page 1", fileName: "aegis-flipped1.emb",
                          givenKey: rightPassphrase, namedCipher: "aegis", messageContains: "page 1") { path in
            try makeEncrypted(at: path, format: .aegis256)
            try flipBit(in: path, page: 1)
        },
        EncryptedBadInput(name: "RC4 with a wrong passphrase", fileName: "rc4.emb", givenKey: wrongPassphrase,
                          namedCipher: "rc4", messageContains: "wrong key") { try makeEncrypted(at: $0, format: .rc4) },
        EncryptedBadInput(name: "a raw key of the wrong length", fileName: "v4-rawkey.emb", givenKey: "x'00112233'",
                          namedCipher: nil, messageContains: "raw key") { try makeEncrypted(at: $0, format: .sqlcipher4) },
        EncryptedBadInput(name: "an empty passphrase", fileName: "v4-empty.emb", givenKey: "", namedCipher: nil,
                          messageContains: "empty passphrase") { try makeEncrypted(at: $0, format: .sqlcipher4) },
    ]

    /// A new MMEX file encrypted in `format` with ``rightPassphrase`` (through the page codec, as `create` does).
    public static func makeEncrypted(at path: String, format: CipherFormat, passphrase: String = rightPassphrase) throws {
        let key = try CipherKey(passphrase: passphrase)
        let target = try CipherTarget(newFile: .format(format), key: key)
        let connection = try MMEXFileCreator.create(at: path, vfs: PageCodec.vfsName, prepare: { connection in
            try target.applyToNewFile(connection)
        }, populate: { connection in
            try connection.execute("INSERT INTO PAYEE_V1 (PAYEENAME, CATEGID) VALUES ('Corner Shop', -1)")
        })
        connection.close()
    }

    /// Flips the lowest bit of a byte in the middle of page `page` (1-based) of an encrypted file.
    public static func flipBit(in path: String, page: Int) throws {
        let pageSize = try pageSizeOf(encryptedAt: path)
        let offset = (page - 1) * pageSize + pageSize / 2
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let byte = try handle.read(upToCount: 1) ?? Data([0])
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data([byte[byte.startIndex] ^ 1]))
    }

    static func pageSizeOf(encryptedAt path: String) throws -> Int {
        try CipherProbe.examine(path: path, key: try CipherKey(passphrase: rightPassphrase)).pageSize
    }

    /// A leaf page of `table` in the middle of its b-tree, read through the codec with the right key.
    static func middleLeafPage(of table: String, encryptedAt path: String, format: CipherFormat) throws -> Int {
        let connection = try EngineConnection(
            path: FileURI.make(path: path, query: "mode=ro"), options: OpenOptions(access: .readOnly, uri: true, vfs: PageCodec.vfsName)
        )
        defer { connection.close() }
        try PageCodec.apply(.format(format), key: try CipherKey(passphrase: rightPassphrase), to: connection)
        let pages = try connection.rows(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", [.text(table)]
        ).compactMap { $0.first?.integerValue }
        guard !pages.isEmpty else { throw BadInputCorpus.CorpusError("\(table) has no leaf page") }
        return Int(pages[pages.count / 2])
    }
}
