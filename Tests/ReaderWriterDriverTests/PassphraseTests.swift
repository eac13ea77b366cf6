import Foundation
@testable import ReaderWriterDriver
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

@Suite("usePassphrase: GRDB's SQLCipher call, through the page codec")
struct PassphraseTests {
    static func configuration(_ passphrase: String) -> Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.usePassphrase(passphrase) }
        return configuration
    }

    @Test("a new file keyed with usePassphrase is encrypted, reopens with the passphrase, and refuses another", arguments: WriterKind.allCases)
    func newEncryptedFile(kind: WriterKind) throws {
        let scratch = Scratch()
        let writer = try kind.open(scratch.path, Self.configuration("correct horse"))
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE secret (word TEXT)")
            try db.execute(sql: "INSERT INTO secret VALUES ('battery staple')")
        }
        try writer.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path))
        #expect(!bytes.starts(with: Data("SQLite format 3".utf8)))
        #expect(bytes.range(of: Data("battery staple".utf8)) == nil)

        let reopened = try kind.open(scratch.path, Self.configuration("correct horse"))
        #expect(try reopened.read { try String.fetchOne($0, sql: "SELECT word FROM secret") } == "battery staple")
        try reopened.close()
        #expect(throws: (any Error).self) {
            let wrong = try kind.open(scratch.path, Self.configuration("wrong"))
            _ = try wrong.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM secret") }
        }
    }
}
