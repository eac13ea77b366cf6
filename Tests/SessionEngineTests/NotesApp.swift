import Foundation
import LegacyDriver
import LegacySessions
import PersistenceSession
import ReaderWriterDriver
import ReaderWriterSessions
import SQLiteEngine

/// A one-table app on the generic core: the smallest client of both engines, with the same contexts on each.
protocol NotesReading {
    func all() throws -> [String]
}

protocol NotesWriting: NotesReading {
    func add(_ text: String) throws
}

struct NotesRead { let notes: any NotesReading }
struct NotesWrite { let notes: any NotesWriting }

typealias NotesSession = any PersistenceSession<NotesRead, NotesWrite>

/// The legacy side: SQL through the retained connection.
struct LegacyNotes: NotesWriting {
    let unit: LegacyUnitOfWork
    func all() throws -> [String] {
        try unit.run { db in
            try db.prepare("SELECT body FROM note ORDER BY id").allValues().map { row in
                guard case .text(let body)? = row.first else { throw NotesError.notText }
                return body
            }
        }
    }
    func add(_ text: String) throws {
        try unit.run { db in _ = try db.run("INSERT INTO note (body) VALUES (?)", text) }
    }
}

/// The reader/writer side: SQL through the lent `db`.
struct ReaderWriterNotes: NotesWriting {
    let unit: ReaderWriterUnitOfWork
    func all() throws -> [String] {
        try unit.run { db in try String.fetchAll(db, sql: "SELECT body FROM note ORDER BY id") }
    }
    func add(_ text: String) throws {
        try unit.run { db in try db.execute(sql: "INSERT INTO note (body) VALUES (?)", arguments: [text]) }
    }
}

enum NotesError: Error { case notText }

let notesSchema = "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)"

enum NotesDriver: String, CaseIterable, Sendable {
    case legacy, queue, pool

    var legacySetup: LegacySessionSetup<NotesRead, NotesWrite> {
        var setup = LegacySessionSetup<NotesRead, NotesWrite>(
            makeReadContext: { NotesRead(notes: LegacyNotes(unit: $0)) },
            makeWriteContext: { NotesWrite(notes: LegacyNotes(unit: $0)) }
        )
        setup.createSchema = { db in try db.execute(notesSchema) }
        return setup
    }

    var readerWriterSetup: ReaderWriterSessionSetup<NotesRead, NotesWrite> {
        var setup = ReaderWriterSessionSetup<NotesRead, NotesWrite>(
            makeReadContext: { NotesRead(notes: ReaderWriterNotes(unit: $0)) },
            makeWriteContext: { NotesWrite(notes: ReaderWriterNotes(unit: $0)) }
        )
        setup.createSchema = { db in try db.execute(sql: notesSchema) }
        return setup
    }

    func create(at path: String) throws -> NotesSession {
        switch self {
        case .legacy: try LegacySessionEngine.create(at: path, setup: legacySetup)
        case .queue: try ReaderWriterSessionEngine<DatabaseQueue, NotesRead, NotesWrite>.create(at: path, setup: readerWriterSetup)
        case .pool: try ReaderWriterSessionEngine<DatabasePool, NotesRead, NotesWrite>.create(at: path, setup: readerWriterSetup)
        }
    }

    func open(at path: String, access: SessionAccess) throws -> NotesSession {
        switch self {
        case .legacy: try LegacySessionEngine.open(at: path, access: access, setup: legacySetup)
        case .queue:
            try ReaderWriterSessionEngine<DatabaseQueue, NotesRead, NotesWrite>.open(
                at: path, access: access, setup: readerWriterSetup
            )
        case .pool:
            try ReaderWriterSessionEngine<DatabasePool, NotesRead, NotesWrite>.open(
                at: path, access: access, setup: readerWriterSetup
            )
        }
    }
}

/// A fresh folder per test, removed at the end.
final class ScratchFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
