import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("Two SQLite engines in one process")
struct TwoEnginesTests {
    @Test("each engine reports its own SQLite version")
    func eachEngineReportsItsOwnVersion() throws {
        let system = SQLiteLibrary.system
        let sqlcipher = try SQLiteLibrary.sqlcipher()
        #expect(system.version.hasPrefix("3.40."))
        #expect(sqlcipher.version.hasPrefix("3.15."))
        let a = try EngineConnection(path: ":memory:", options: .create, library: system)
        let b = try EngineConnection(path: ":memory:", options: .create, library: sqlcipher)
        #expect(try a.scalar("SELECT sqlite_version()") == .text(system.version))
        #expect(try b.scalar("SELECT sqlite_version()") == .text(sqlcipher.version))
        // Only SQLCipher answers cipher pragmas.
        #expect(try b.scalar("PRAGMA cipher_version") != nil)
        #expect(try a.scalar("PRAGMA cipher_version") == nil)
    }

    @Test("both engines read the same file at the same time")
    func bothEnginesReadOneFile() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("shared.db")
        let writer = try EngineConnection(path: path, options: .create)
        try writer.execute("CREATE TABLE t(v); INSERT INTO t VALUES ('from system 3.40');")
        let sqlcipher = try EngineConnection(path: path, options: .readOnly, library: SQLiteLibrary.sqlcipher())
        let system = try EngineConnection(path: path, options: .readOnly)
        #expect(try sqlcipher.scalar("SELECT v FROM t") == .text("from system 3.40"))
        #expect(try system.scalar("SELECT v FROM t") == .text("from system 3.40"))
    }

    @Test("memory a library returns is released by that library: errors from both engines carry their messages")
    func errorsFromBothEngines() throws {
        for library in [SQLiteLibrary.system, try SQLiteLibrary.sqlcipher()] {
            let connection = try EngineConnection(path: ":memory:", options: .create, library: library)
            let error = #expect(throws: SQLiteError.self) { try connection.execute("SELECT * FROM nowhere") }
            #expect(error?.message == "no such table: nowhere")
        }
    }
}
