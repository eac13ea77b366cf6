import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Each way a key can be wrong gives its own clear error, and no error message ever holds the passphrase.
@Suite("key errors")
struct KeyErrorTests {
    static func applyError(
        _ path: String, _ choice: CipherChoice, _ key: CipherKey?, access: OpenOptions.Access = .readOnly
    ) -> CipherError? {
        do {
            let (connection, _) = try CipherFixtures.open(path, choice: choice, key: key, access: access)
            connection.close()
            return nil
        } catch let error as CipherError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test("a wrong passphrase, a wrong raw key and the right key in the wrong format are 'wrong key'")
    func wrongKeys() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("v4.db")
        try CipherFixtures.create(path, format: .sqlcipher4, key: try CipherFixtures.rawKey(), rows: 20)
        let otherRaw = try CipherKey.parsing("x'" + String(repeating: "ab", count: 32) + "'")
        #expect(Self.applyError(path, .auto, otherRaw) == .wrongKey(format: nil))
        #expect(Self.applyError(path, .format(.sqlcipher4), otherRaw) == .wrongKey(format: .sqlcipher4))
        #expect(Self.applyError(path, .format(.sqlcipher3), try CipherFixtures.rawKey()) == .wrongKey(format: .sqlcipher3))
        #expect(Self.applyError(path, .format(.chacha20), try CipherFixtures.rawKey()) == .wrongKey(format: .chacha20))
        let wrongPassphrase = Self.applyError(path, .auto, try CipherKey(passphrase: "not the passphrase"))
        #expect(wrongPassphrase == .wrongKey(format: nil))
        #expect(wrongPassphrase?.description == "wrong key or not an encrypted database")
    }

    @Test("an empty passphrase is refused before anything is opened")
    func emptyPassphrase() {
        #expect(throws: CipherError.emptyPassphrase) { try CipherKey(passphrase: "") }
        #expect(throws: CipherError.emptyPassphrase) { try CipherKey.parsing("") }
        #expect(throws: CipherError.emptyPassphrase) { try CipherKey(passphrase: [UInt8]()) }
    }

    @Test("a raw key of the wrong length, or with a non-hex digit, is an invalid raw key")
    func badRawKeys() {
        for text in ["x'abcd'", "x'" + String(repeating: "a", count: 63) + "'", "x'" + String(repeating: "a", count: 66) + "'",
                     "x'" + String(repeating: "g", count: 64) + "'", "X''"] {
            #expect(throws: CipherError.self, "\(text)") { try CipherKey.parsing(text) }
            do {
                _ = try CipherKey.parsing(text)
            } catch {
                guard case .invalidRawKey(let reason) = error else {
                    Issue.record("\(text): \(error)")
                    continue
                }
                #expect(reason.contains("hex"))
            }
        }
        #expect(throws: CipherError.self) { try CipherKey(rawKey: [UInt8](repeating: 1, count: 31)) }
        // x'...' only means a raw key when it is the whole key; anything else is a passphrase.
        #expect((try? CipherKey.parsing("x'abcd"))?.kind == .passphrase)
        #expect((try? CipherKey.parsing("x'" + String(repeating: "A", count: 96) + "'"))?.kind == .raw)
    }

    @Test("a raw key for an AES file says raw keys are not defined for it")
    func rawKeyForAES() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("aes.db")
        try CipherFixtures.create(path, format: .aes128, key: try CipherFixtures.key(), rows: 10)
        #expect(Self.applyError(path, .format(.aes128), try CipherFixtures.rawKey()) == .rawKeyUnsupported(format: .aes128))
        let empty = folder.path("new.db")
        #expect(Self.applyError(empty, .format(.aes256), try CipherFixtures.rawKey(), access: .readWriteCreate)
            == .rawKeyUnsupported(format: .aes256))
    }

    @Test("not a database: a short file, a text file with a key, any non-plain file without one")
    func notADatabase() throws {
        let folder = TemporaryDirectory()
        let short = folder.path("short.db")
        try FileBytes.write(Array("hello".utf8), to: short)
        guard case .notADatabase? = Self.applyError(short, .auto, try CipherFixtures.key()) else {
            Issue.record("a 5-byte file should not be a database")
            return
        }
        let text = folder.path("notes.mmb")
        try FileBytes.write(Array(String(repeating: "just some text\n", count: 100).utf8), to: text)
        #expect(Self.applyError(text, .auto, try CipherFixtures.rawKey()) == .wrongKey(format: nil))
        #expect(Self.applyError(text, .auto, nil) == .keyRequired)
    }

    @Test("a plain file opens without a key; a named cipher on it says it is not encrypted")
    func plainFile() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("plain.db")
        _ = try SQLiteEngineFixture.plain(at: path, sql: CipherFixtures.createSQL + CipherFixtures.insertSQL(count: 5))
        #expect(Self.applyError(path, .auto, nil) == nil)
        #expect(Self.applyError(path, .format(.sqlcipher4), try CipherFixtures.rawKey()) == .notEncrypted(requested: .sqlcipher4))
        #expect(Self.applyError(path, .none, try CipherFixtures.rawKey()) == .keyWithoutCipher)
        let (connection, applied) = try CipherFixtures.open(path, key: try CipherFixtures.rawKey(), access: .readOnly)
        defer { connection.close() }
        #expect(applied.format == nil)
        #expect(applied.notes == ["the file is not encrypted; the key was not used"])
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(5))
    }

    @Test("a 96-digit raw key carries the salt: a new file takes it, and another salt does not open the file")
    func rawKeyWithSalt() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("salted.db")
        let salt = String(repeating: "5a", count: 16)
        let withSalt = try CipherKey.parsing("x'\(CipherFixtures.rawHex)\(salt)'")
        let rows = try CipherFixtures.create(path, format: .sqlcipher4, key: withSalt, rows: 20)
        #expect(Array(try FileBytes.read(path).prefix(16)) == [UInt8](repeating: 0x5a, count: 16))
        #expect(rowDifference(try CipherFixtures.rows(path, key: withSalt), rows) == "")
        #expect(rowDifference(try CipherFixtures.rows(path, key: try CipherFixtures.rawKey()), rows) == "")
        let otherSalt = try CipherKey.parsing("x'\(CipherFixtures.rawHex)\(String(repeating: "77", count: 16))'")
        #expect(Self.applyError(path, .auto, otherSalt) == .wrongKey(format: nil))
        let outcomes = try Oracle.expectSuccess(.init(.sqlcipher, path, sql: [
            "PRAGMA key = \"x'\(CipherFixtures.rawHex)\(salt)'\"", "SELECT count(*) FROM t",
        ]))
        #expect(outcomes[1].rows == [[.integer(20)]])
    }

    @Test("no error description, key description or mirror shows the passphrase")
    func secretsStayOut() throws {
        let secret = "correct horse battery staple"
        let key = try CipherKey(passphrase: secret)
        #expect(!key.description.contains("horse"))
        #expect(!String(reflecting: key).contains("horse"))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains("horse"))
        let folder = TemporaryDirectory()
        let path = folder.path("v4.db")
        try CipherFixtures.create(path, format: .sqlcipher4, key: try CipherFixtures.rawKey(), rows: 5)
        let error = Self.applyError(path, .auto, key)
        #expect(error != nil)
        #expect(!(error?.description.contains("horse") ?? true))
    }
}
