import Foundation
import GRDB
import GRDBSessions
import PersistenceSession
import SQLite
import SQLiteSwiftSessions

/// The project's session-engine test app (Tests/SessionEngineTests/NotesApp.swift), on the real libraries: one
/// table, the same contexts on each.
protocol NotesReading {
    func all() throws -> [String]
}

protocol NotesWriting: NotesReading {
    func add(_ text: String) throws
    /// Runs raw SQL (for the tests that need SQL the repositories do not offer).
    func execute(_ sql: String) throws
}

struct NotesRead { let notes: any NotesWriting }
struct NotesWrite { let notes: any NotesWriting }

typealias NotesSession = any PersistenceSession<NotesRead, NotesWrite>

/// SQLite.swift's side: SQL through the session's connection.
struct SQLiteSwiftNotes: NotesWriting {
    let unit: StoreUnitOfWork<Connection>
    func all() throws -> [String] {
        try unit.run { db in
            try db.prepare("SELECT body FROM note ORDER BY id").map { row -> String in
                guard let body = row[0] as? String else { throw NotesError.notText }
                return body
            }
        }
    }
    func add(_ text: String) throws {
        try unit.run { db in _ = try db.run("INSERT INTO note (body) VALUES (?)", text) }
    }
    func execute(_ sql: String) throws {
        try unit.run { db in try db.execute(sql) }
    }
}

/// GRDB's side: SQL through the lent `db`.
struct GRDBNotes: NotesWriting {
    let unit: StoreUnitOfWork<Database>
    func all() throws -> [String] {
        try unit.run { db in try String.fetchAll(db, sql: "SELECT body FROM note ORDER BY id") }
    }
    func add(_ text: String) throws {
        try unit.run { db in try db.execute(sql: "INSERT INTO note (body) VALUES (?)", arguments: [text]) }
    }
    func execute(_ sql: String) throws {
        try unit.run { db in try db.execute(sql: sql) }
    }
}

enum NotesError: Error { case notText }

let notesSchema = "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)"

/// The three adapters the promise tests run over.
enum RealDriver: String, CaseIterable, Sendable {
    case sqliteSwift, grdbQueue, grdbPool

    var expectedKind: DriverKind {
        switch self {
        case .sqliteSwift: SQLiteSwiftSessions.driver
        case .grdbQueue: GRDBWriterKind.queue.driver
        case .grdbPool: GRDBWriterKind.pool.driver
        }
    }

    var sqliteSwiftSetup: SQLiteSwiftSessionSetup<NotesRead, NotesWrite> {
        var setup = SQLiteSwiftSessionSetup<NotesRead, NotesWrite>(
            makeReadContext: { NotesRead(notes: SQLiteSwiftNotes(unit: $0)) },
            makeWriteContext: { NotesWrite(notes: SQLiteSwiftNotes(unit: $0)) }
        )
        setup.createSchema = { db in try db.execute(notesSchema) }
        return setup
    }

    var grdbSetup: GRDBSessionSetup<NotesRead, NotesWrite> {
        var setup = GRDBSessionSetup<NotesRead, NotesWrite>(
            makeReadContext: { NotesRead(notes: GRDBNotes(unit: $0)) },
            makeWriteContext: { NotesWrite(notes: GRDBNotes(unit: $0)) }
        )
        setup.migrate = { writer in
            try writer.write { db in
                if try !db.tableExists("note") { try db.execute(sql: notesSchema) }
            }
        }
        return setup
    }

    func create(at path: String) throws -> NotesSession {
        switch self {
        case .sqliteSwift: try SQLiteSwiftSessions.create(at: path, setup: sqliteSwiftSetup)
        case .grdbQueue: try GRDBSessions.create(.queue, at: path, setup: grdbSetup)
        case .grdbPool: try GRDBSessions.create(.pool, at: path, setup: grdbSetup)
        }
    }

    func open(at path: String, access: SessionAccess) throws -> NotesSession {
        switch self {
        case .sqliteSwift: try SQLiteSwiftSessions.open(at: path, access: access, setup: sqliteSwiftSetup)
        case .grdbQueue: try GRDBSessions.open(.queue, at: path, access: access, setup: grdbSetup)
        case .grdbPool: try GRDBSessions.open(.pool, at: path, access: access, setup: grdbSetup)
        }
    }
}

/// A fresh private folder per test (0700), removed at the end.
final class ScratchFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("adapters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
