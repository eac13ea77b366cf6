import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import TestSupport
import Testing

@Suite("Defaults as GRDB's: foreign keys on, IMMEDIATE writer transactions, immediate busy errors")
struct DefaultsTests {
    @Test("every connection enforces foreign keys unless the configuration turns them off", arguments: WriterKind.allCases)
    func foreignKeysOn(kind: WriterKind) throws {
        let scratch = Scratch()
        let writer = try kind.open(scratch.path)
        #expect(Configuration().foreignKeysEnabled)
        #expect(try writer.read { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
        #expect(try writer.write { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
    }

    @Test("inTransaction without a kind takes the write lock at once on the writer", arguments: WriterKind.allCases)
    func inTransactionImmediate(kind: WriterKind) throws {
        let scratch = Scratch()
        let writer = try kind.open(scratch.path)
        try writer.write { try $0.execute(sql: "CREATE TABLE t(a)") }
        let other = try EngineConnection(path: scratch.path)
        try writer.writeWithoutTransaction { db in
            try db.inTransaction {
                // No statement ran yet: only an IMMEDIATE transaction already holds the write lock.
                let error = #expect(throws: SQLiteError.self) { try other.execute("BEGIN IMMEDIATE") }
                #expect(error?.code == SQLiteEngine.ResultCode.busy)
                return .commit
            }
        }
        try other.execute("BEGIN IMMEDIATE")
        try other.execute("ROLLBACK")
    }

    @Test("the default busy mode fails at once")
    func busyModeDefault() {
        guard case .immediateError = Configuration().busyMode else {
            Issue.record("the default busy mode is not immediateError")
            return
        }
    }
}
