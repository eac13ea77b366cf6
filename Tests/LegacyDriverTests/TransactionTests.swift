import Foundation
import LegacyDriver
import SQLiteEngine
import Testing
import TestSupport

struct Planned: Error, Equatable {}

@Suite("Transactions and savepoints")
struct TransactionTests {
    typealias S = Schema

    func names(_ db: Connection) throws -> [String] {
        try db.prepare(S.users.order(S.id)).map { try $0.get(S.name) }
    }

    @Test("a transaction commits when its block returns and hands back the block's result", arguments: [
        TransactionMode.deferred, .immediate, .exclusive,
    ])
    func commitOnReturn(mode: TransactionMode) throws {
        let folder = TemporaryDirectory("legacy")
        let db = try Connection(folder.path("db.sqlite"))
        try db.execute(S.createSQL)
        let rowid = try db.transaction(mode) {
            #expect(!db.isAutocommit)
            return try db.run(S.users.insert(S.name <- "a"))
        }
        #expect(rowid == 1)
        #expect(db.isAutocommit)
        let other = try Connection(folder.path("db.sqlite"), readonly: true)
        #expect(try other.scalar(S.users.count) == 1)
    }

    @Test("a transaction rolls back when its block throws and rethrows the block's error")
    func rollbackOnThrow() throws {
        let db = try S.populated()
        #expect(throws: Planned.self) {
            try db.transaction {
                try db.run(S.users.insert(S.name <- "temp"))
                try db.run(S.users.filter(S.id == 1).update(S.name <- "changed"))
                throw Planned()
            }
        }
        #expect(db.isAutocommit)
        #expect(try names(db) == ["Alice", "bob", "Ćelik", "dave"])
    }

    @Test("a failing statement inside a transaction rolls the whole transaction back")
    func rollbackOnSQLError() throws {
        let db = try S.populated()
        let error = #expect(throws: LegacyError.self) {
            try db.transaction(.immediate) {
                try db.run(S.users.insert(S.name <- "first"))
                try db.run(S.users.insert(S.id <- 1, S.name <- "duplicate"))
            }
        }
        #expect(error?.code == ResultCode.constraint)
        #expect(try db.scalar(S.users.count) == 4)
        #expect(db.isAutocommit)
    }

    @Test("a transaction cannot nest in another: SQLite's error, and the outer one still rolls back")
    func transactionsDoNotNest() throws {
        let db = try S.populated()
        let error = #expect(throws: LegacyError.self) {
            try db.transaction {
                try db.run(S.users.insert(S.name <- "outer"))
                try db.transaction { try db.run(S.users.insert(S.name <- "inner")) }
            }
        }
        #expect(error?.sqliteError?.message.contains("within a transaction") == true)
        #expect(try db.scalar(S.users.count) == 4)
    }

    @Test("savepoints nest: an inner rollback undoes only the inner work")
    func savepointsNest() throws {
        let db = try S.populated()
        try db.savepoint("outer") {
            try db.run(S.users.insert(S.name <- "kept"))
            #expect(throws: Planned.self) {
                try db.savepoint("inner") {
                    try db.run(S.users.insert(S.name <- "undone"))
                    try db.savepoint { try db.run(S.users.insert(S.name <- "undone too")) }
                    throw Planned()
                }
            }
            try db.savepoint("second inner") { try db.run(S.users.insert(S.name <- "also kept")) }
        }
        #expect(db.isAutocommit)
        #expect(try names(db) == ["Alice", "bob", "Ćelik", "dave", "kept", "also kept"])
    }

    @Test("an outermost savepoint that throws leaves no transaction open and changes nothing")
    func outermostSavepointRollsBack() throws {
        let db = try S.populated()
        #expect(throws: Planned.self) {
            try db.savepoint {
                try db.run(S.users.filter(S.id == 1).delete())
                throw Planned()
            }
        }
        #expect(db.isAutocommit)
        #expect(try db.scalar(S.users.count) == 4)
    }

    @Test("savepoints inside a transaction: a savepoint rollback keeps the transaction's other work")
    func savepointInTransaction() throws {
        let db = try S.populated()
        try db.transaction {
            try db.run(S.users.insert(S.name <- "tx"))
            try? db.savepoint {
                try db.run(S.users.insert(S.name <- "sp"))
                throw Planned()
            }
            #expect(!db.isAutocommit)
        }
        #expect(try names(db).suffix(1) == ["tx"])
    }

    @Test("savepoint names are quoted identifiers, so any text is a valid name")
    func savepointNamesAreQuoted() throws {
        let db = try S.populated()
        try db.savepoint("it's \"odd\"; DROP TABLE users") {
            try db.run(S.users.insert(S.name <- "x"))
        }
        #expect(try db.scalar(S.users.count) == 5)
    }
}
