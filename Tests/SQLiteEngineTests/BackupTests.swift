import SQLiteEngine
import Testing

@Suite("Online backup")
struct BackupTests {
    @Test("backup copies every row into the destination")
    func backupCopiesRows() throws {
        let source = try EngineConnection(path: ":memory:", options: .create)
        try source.execute("CREATE TABLE t(v); INSERT INTO t VALUES (1), (2), (3); PRAGMA user_version = 21;")
        let destination = try EngineConnection(path: ":memory:", options: .create)
        try source.backup(to: destination)
        #expect(try destination.scalar("SELECT sum(v) FROM t") == .integer(6))
        #expect(try destination.userVersion == 21)
    }
}
