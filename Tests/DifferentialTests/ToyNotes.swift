import Differential
import Foundation
import SQLiteEngine
import TestSupport

/// A note as the toy repository returns it.
struct ToyNote: Codable, Equatable {
    let id: Int64
    let name: String
    let value: Int64
}

/// The result of a lookup by name.
struct ToyLookup: Codable, Equatable {
    let found: Bool
    let note: ToyNote?
}

/// A page of notes.
struct ToyPage: Codable, Equatable {
    let count: Int
    let notes: [ToyNote]
}

/// A small repository over SQLite (`NOTE(ID, NAME NOCASE UNIQUE, VALUE untyped)`), written straight on
/// `EngineConnection`, with bugs that can be planted one by one.
final class ToyNotes {
    struct Bugs: OptionSet {
        let rawValue: Int
        /// `list(limit:)` returns one row too many.
        static let offByOneLimit = Bugs(rawValue: 1 << 0)
        /// `find(name:)` compares names case-sensitively instead of by the column's NOCASE collation.
        static let caseSensitiveLookup = Bugs(rawValue: 1 << 1)
        /// `add` binds the value as text: the untyped column stores TEXT '5' instead of INTEGER 5, and reads back
        /// the same through `sqlite3_column_int64`, so only the file shows it.
        static let textAffinity = Bugs(rawValue: 1 << 2)
        /// Opening sets `user_version` to 22.
        static let bumpsUserVersion = Bugs(rawValue: 1 << 3)
        /// Opening switches to WAL with a persistent WAL file: `-wal` and `-shm` stay beside the file.
        static let leavesWAL = Bugs(rawValue: 1 << 4)
    }

    let connection: EngineConnection
    let bugs: Bugs

    init(path: String, bugs: Bugs = [], library: SQLiteLibrary = .system, key: String? = nil) throws {
        connection = try EngineConnection(path: path, options: .readWrite, library: library)
        self.bugs = bugs
        if let key { try connection.execute("PRAGMA key = '\(key)'") }
        if bugs.contains(.bumpsUserVersion) { try connection.setUserVersion(22) }
        if bugs.contains(.leavesWAL) {
            var persist: Int32 = 1
            try connection.fileControl(operation: 10, argument: &persist)  // SQLITE_FCNTL_PERSIST_WAL
            _ = try connection.pragma("journal_mode = WAL")
        }
    }

    /// The schema the toy works on.
    static let schema = "CREATE TABLE NOTE(ID INTEGER PRIMARY KEY, NAME TEXT COLLATE NOCASE NOT NULL UNIQUE, VALUE);"

    /// A new toy database with a few notes.
    static func makeFile(at path: String, library: SQLiteLibrary = .system, key: String? = nil) throws {
        let connection = try EngineConnection(path: path, options: .create, library: library)
        if let key { try connection.execute("PRAGMA key = '\(key)'") }
        try connection.execute(schema)
        try connection.execute("INSERT INTO NOTE(NAME, VALUE) VALUES ('Seed', 1), ('Other', 2)")
        connection.close()
    }

    func add(name: String, value: Int64) throws -> Int64 {
        let bound: SQLiteValue = bugs.contains(.textAffinity) ? .text(String(value)) : .integer(value)
        try connection.run("INSERT INTO NOTE(NAME, VALUE) VALUES (?, ?)", [.text(name), bound])
        return connection.lastInsertRowid
    }

    func find(name: String) throws -> ToyLookup {
        let collate = bugs.contains(.caseSensitiveLookup) ? " COLLATE BINARY" : ""
        let statement = try connection.prepare("SELECT ID, NAME, VALUE FROM NOTE WHERE NAME = ?\(collate)")
        try statement.bind(.text(name), at: 1)
        guard try statement.step() else { return ToyLookup(found: false, note: nil) }
        return ToyLookup(found: true, note: note(statement))
    }

    func list(limit: Int) throws -> ToyPage {
        let effective = bugs.contains(.offByOneLimit) ? limit + 1 : limit
        let statement = try connection.prepare("SELECT ID, NAME, VALUE FROM NOTE ORDER BY ID LIMIT ?")
        try statement.bind(Int64(effective), at: 1)
        var notes: [ToyNote] = []
        while try statement.step() { notes.append(note(statement)) }
        return ToyPage(count: notes.count, notes: notes)
    }

    func remove(name: String) throws -> Bool {
        try connection.run("DELETE FROM NOTE WHERE NAME = ?", [.text(name)])
        return connection.changes > 0
    }

    func close() {
        connection.close()
    }

    private func note(_ statement: EngineStatement) -> ToyNote {
        ToyNote(id: statement.int64(at: 0), name: statement.string(at: 1), value: statement.int64(at: 2))
    }
}

/// The operations a toy scenario is made of.
enum ToyOperations {
    static func add(_ name: String, _ value: Int64) -> DifferentialOperation<ToyNotes> {
        DifferentialOperation("add(\"\(name)\", \(value))") { try $0.add(name: name, value: value) }
    }

    static func find(_ name: String) -> DifferentialOperation<ToyNotes> {
        DifferentialOperation("find(\"\(name)\")") { try $0.find(name: name) }
    }

    static func list(_ limit: Int) -> DifferentialOperation<ToyNotes> {
        DifferentialOperation("list(limit: \(limit))") { try $0.list(limit: limit) }
    }

    static func remove(_ name: String) -> DifferentialOperation<ToyNotes> {
        DifferentialOperation("remove(\"\(name)\")") { try $0.remove(name: name) }
    }

    static let names = ["alpha", "Alpha", "beta", "BETA", "gamma", "Seed", "seed"]

    /// Random operations over a small pool of names, so collisions (and case differences) are frequent.
    static var generator: OperationGenerator<ToyNotes> {
        .weighted([
            (4, OperationGenerator { random in add(random.element(of: names) ?? "x", Int64(random.int(in: 0...9))) }),
            (3, OperationGenerator { random in find(random.element(of: names) ?? "x") }),
            (2, OperationGenerator { random in list(random.int(in: 0...6)) }),
            (1, OperationGenerator { random in remove(random.element(of: names) ?? "x") }),
        ])
    }
}

/// A harness comparing a correct toy with one carrying `bugs`, both on the system SQLite.
func toyHarness(bugs: ToyNotes.Bugs, under folder: TemporaryDirectory) -> DifferentialHarness<ToyNotes> {
    DifferentialHarness(
        baseline: DifferentialSide(name: "correct", open: { try ToyNotes(path: $0) }, close: { $0.close() }),
        candidate: DifferentialSide(name: "planted", open: { try ToyNotes(path: $0, bugs: bugs) }, close: { $0.close() }),
        workDirectory: folder.url
    )
}
