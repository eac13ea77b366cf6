import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// SQLCipher v1-v3 files against Debian's SQLCipher 3.4.1, loaded in this process beside the system SQLite.
@Suite("Debian SQLCipher 3.4.1 in-process")
struct DebianSQLCipherTests {
    /// The pragmas Debian's 3.4.1 needs after the key for each generation.
    static func settings(_ format: CipherFormat) -> [String] {
        switch format {
        case .sqlcipher2: ["PRAGMA kdf_iter = 4000"]
        case .sqlcipher1: ["PRAGMA kdf_iter = 4000", "PRAGMA cipher_use_hmac = OFF"]
        default: []
        }
    }

    static func openDebian(_ path: String, _ format: CipherFormat) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: .readWrite, library: try SQLiteLibrary.sqlcipher())
        try connection.execute(CipherFixtures.keyStatement())
        for statement in settings(format) { try connection.execute(statement) }
        return connection
    }

    @Test("a file written here opens in Debian's engine, checks ok, takes its writes, and reads them back here",
          arguments: [CipherFormat.sqlcipher3, .sqlcipher2, .sqlcipher1])
    func writtenHere(_ format: CipherFormat) throws {
        let folder = TemporaryDirectory()
        let path = folder.path("here.db")
        let rows = try CipherFixtures.create(path, format: format, key: try CipherFixtures.key(), rows: 150)
        let debian = try Self.openDebian(path, format)
        #expect(try debian.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(rowDifference(try debian.rows(CipherFixtures.selectSQL), rows) == "")
        try debian.execute(CipherFixtures.insertSQL(first: 500, count: 40))
        let expected = try debian.rows(CipherFixtures.selectSQL)
        debian.close()
        #expect(rowDifference(try CipherFixtures.rows(path, choice: .format(format), key: try CipherFixtures.key()), expected) == "")
    }

    @Test("a file Debian's engine wrote as SQLCipher 3 is detected and read here")
    func writtenByDebian() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("debian.db")
        let debian = try EngineConnection(path: path, options: .create, library: try SQLiteLibrary.sqlcipher())
        try debian.execute(CipherFixtures.keyStatement())
        try debian.execute(CipherFixtures.createSQL)
        try debian.execute(CipherFixtures.insertSQL(count: 150))
        let expected = try debian.rows(CipherFixtures.selectSQL)
        debian.close()
        let (connection, applied) = try CipherFixtures.open(path, key: try CipherFixtures.key(), access: .readOnly)
        defer { connection.close() }
        #expect(applied.format == .sqlcipher3)
        #expect(applied.pageSize == 1024)
        #expect(rowDifference(try connection.rows(CipherFixtures.selectSQL), expected) == "")
    }
}
