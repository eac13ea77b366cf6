import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

@Suite("Backup and VACUUM INTO")
struct BackupTests {
    @Test("backup(to:) copies every row and user_version into another database", arguments: WriterKind.allCases)
    func backup(kind: WriterKind) throws {
        let scratch = Scratch()
        let source = try kind.open(scratch.path)
        try source.write { db in
            try makeTable(db, rows: 500)
            try db.execute(sql: "PRAGMA user_version = 21")
        }
        let destination = try DatabaseQueue()
        try source.backup(to: destination)
        try destination.read { db throws in
            #expect(try Int64.fetchOne(db, sql: "SELECT sum(v) FROM t") == 124_750)
            #expect(try Int64.fetchOne(db, sql: "PRAGMA user_version") == 21)
        }
    }

    @Test("backup of a database into itself is a reentrant access")
    func backupIntoItself() throws {
        let queue = try DatabaseQueue()
        let error = #expect(throws: DatabaseError.self) { try queue.backup(to: queue) }
        #expect(error?.kind == .reentrantAccess)
    }

    @Test("vacuum(into:) writes a compact copy to a new file", arguments: WriterKind.allCases)
    func vacuumInto(kind: WriterKind) throws {
        let scratch = Scratch()
        let source = try kind.open(scratch.path)
        try source.write { try makeTable($0, rows: 300) }
        let copy = scratch.path("copy.sqlite")
        try source.vacuum(into: copy)
        let check = try EngineConnection(path: copy, options: .readOnly)
        #expect(try check.scalar("SELECT count(*) FROM t") == .integer(300))
        #expect(try check.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(throws: DatabaseError.self) { try source.vacuum(into: copy) }
    }
}
