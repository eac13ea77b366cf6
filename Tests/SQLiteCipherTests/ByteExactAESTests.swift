import Foundation
@testable import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// wxSQLite3 AES is deterministic, so the codec's pages must equal SQLite3 Multiple Ciphers' byte for byte.
@Suite("AES pages match SQLite3 Multiple Ciphers byte for byte")
struct ByteExactAESTests {
    struct Layout: CustomTestStringConvertible, Sendable {
        let format: CipherFormat
        let legacy: Bool
        let pageSize: Int
        var testDescription: String { "\(format.rawValue), \(legacy ? "old" : "current") page-1 layout, \(pageSize)-byte pages" }
    }

    static let layouts = [
        Layout(format: .aes128, legacy: false, pageSize: 4096), Layout(format: .aes128, legacy: true, pageSize: 1024),
        Layout(format: .aes256, legacy: false, pageSize: 1024), Layout(format: .aes256, legacy: true, pageSize: 4096),
    ]

    @Test("every page SQLite3MC encrypted decrypts to the plain page and re-encrypts to the same bytes", arguments: layouts)
    func pagesMatch(_ layout: Layout) throws {
        let folder = TemporaryDirectory()
        let plain = folder.path("plain.db")
        let encrypted = folder.path("aes.db")
        let connection = try EngineConnection(path: plain, options: .create)
        try connection.execute("PRAGMA page_size = \(layout.pageSize)")
        try connection.execute(CipherFixtures.createSQL)
        try connection.execute(CipherFixtures.insertSQL(count: 200))
        connection.close()
        try FileManager.default.copyItem(atPath: plain, toPath: encrypted)
        // SQLite3MC encrypts the plain file in place.
        try Oracle.expectSuccess(.init(.multipleCiphers, encrypted, sql:
            CipherFixtures.multipleCiphersConfig(layout.format, legacyLayout: layout.legacy)
                + ["PRAGMA rekey = " + KeyPragmas.quoted(CipherFixtures.passphrase)]))

        let plainBytes = try FileBytes.read(plain)
        let encryptedBytes = try FileBytes.read(encrypted)
        #expect(plainBytes.count == encryptedBytes.count)
        let cipher = try PageCipher(path: encrypted, choice: .format(layout.format), key: try CipherFixtures.key())
        #expect(cipher.pageSize == layout.pageSize)
        let size = layout.pageSize
        for number in 1...(encryptedBytes.count / size) {
            let stored = Array(encryptedBytes[(number - 1) * size..<number * size])
            var page = stored
            #expect(cipher.decrypt(&page, number: UInt32(number)), "page \(number) does not decrypt")
            var expected = Array(plainBytes[(number - 1) * size..<number * size])
            if number == 1 {
                // The rekey commit bumps the change counter (24-27) and its copy (92-95), and records the writer's
                // SQLite version (96-99); nothing else differs.
                for offset in [24, 25, 26, 27] + Array(92...99) { expected[offset] = page[offset] }
            }
            let differing = zip(page, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(differing.isEmpty, "page \(number) decrypts to other bytes than the plain file's at \(differing.prefix(8))")
            #expect(cipher.encrypt(page, number: UInt32(number)) == stored, "page \(number) encrypts to other bytes")
        }
    }

    @Test("a 33-byte passphrase uses its first 32 bytes, as SQLite3MC does")
    func longPassphraseTruncates() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("long.db")
        let long = String(repeating: "k", count: 32) + "A"
        let otherLast = String(repeating: "k", count: 32) + "Z"
        try Oracle.expectSuccess(.init(.multipleCiphers, path, sql: CipherFixtures.multipleCiphersConfig(.aes128)
            + ["PRAGMA key = " + KeyPragmas.quoted(long), "CREATE TABLE t(x)", "INSERT INTO t VALUES ('\(CipherFixtures.marker)')"]))
        // The oracle itself opens it with another 33rd byte: truncation is the format's rule.
        let check = try Oracle.expectSuccess(.init(.multipleCiphers, path, sql: CipherFixtures.multipleCiphersConfig(.aes128)
            + ["PRAGMA key = " + KeyPragmas.quoted(otherLast), "SELECT x FROM t"]))
        #expect(check.last?.rows == [[.text(CipherFixtures.marker)]])
        for passphrase in [long, otherLast, String(repeating: "k", count: 32)] {
            let (connection, applied) = try CipherFixtures.open(path, key: try CipherKey(passphrase: passphrase), access: .readOnly)
            defer { connection.close() }
            #expect(applied.format == .aes128)
            #expect(try connection.scalar("SELECT x FROM t") == .text(CipherFixtures.marker))
            #expect(applied.notes.contains { $0.contains("first 32") } == (passphrase.utf8.count > 32))
        }
    }
}
