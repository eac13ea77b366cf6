import SQLiteEngine
import Testing

@Suite("Engine custom functions, collations, hooks and column values")
struct EngineCallbackTests {
    @Test("a scalar function receives every storage class and its result reaches SQL")
    func scalarFunction() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.createFunction("echo", argumentCount: 1, deterministic: true) { $0[0] }
        for value: SQLiteValue in [.null, .integer(-7), .real(2.5), .text(""), .text("Кот ☕️"), .blob([]), .blob([0, 255])] {
            #expect(try connection.scalar("SELECT echo(?)", [value]) == value)
        }
        struct Failure: Error, CustomStringConvertible { var description: String { "echo failed" } }
        try connection.createFunction("fail", argumentCount: 0) { _ in throw Failure() }
        let error = #expect(throws: SQLiteError.self) { try connection.scalar("SELECT fail()") }
        #expect(error?.message == "echo failed")
    }

    @Test("an aggregate keeps one state per group and finishes an empty input from the initial state")
    func aggregate() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.execute("CREATE TABLE t(g, v); INSERT INTO t VALUES (1, 'a'), (1, 'b'), (2, 'c')")
        try connection.createAggregate("concat", argumentCount: 1, initialState: "", step: { state, values in
            if case .text(let text) = values[0] { state += text }
        }, final: { .text("[" + $0 + "]") })
        #expect(try connection.rows("SELECT g, concat(v) FROM t GROUP BY g ORDER BY g") == [
            [.integer(1), .text("[ab]")], [.integer(2), .text("[c]")],
        ])
        #expect(try connection.scalar("SELECT concat(v) FROM t WHERE 0") == .text("[]"))
    }

    @Test("a statement reset midway through an aggregate still releases every group's state")
    func aggregateStateIsReleased() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.execute("CREATE TABLE t(g, v); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        let counter = Counter()
        try connection.createAggregate("track", argumentCount: 1, initialState: Tracked?.none, step: { state, _ in
            if state == nil { state = Tracked(counter) }
        }, final: { _ in .null })
        let statement = try connection.prepare("SELECT g, track(v) FROM t GROUP BY g")
        #expect(try statement.step())
        statement.reset()
        #expect(counter.created > 0)
        #expect(counter.released == counter.created)
    }

    @Test("invalid registrations are refused before reaching SQLite")
    func invalidRegistrations() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        #expect(throws: SQLiteError.self) { try connection.createFunction("", argumentCount: 0) { _ in .null } }
        #expect(throws: SQLiteError.self) { try connection.createFunction("f", argumentCount: 200) { _ in .null } }
        #expect(throws: SQLiteError.self) { try connection.createCollation(String(repeating: "c", count: 300)) { _, _ in 0 } }
    }

    @Test("a collation orders text and a throwing commit hook vetoes the commit")
    func collationAndHooks() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.createCollation("LENGTH") { $0.count - $1.count }
        try connection.execute("CREATE TABLE t(v TEXT); INSERT INTO t VALUES ('ccc'), ('a'), ('bb')")
        #expect(try connection.rows("SELECT v FROM t ORDER BY v COLLATE LENGTH") == [[.text("a")], [.text("bb")], [.text("ccc")]])
        var operations: [UpdateOperation] = []
        var rolledBack = false
        try connection.setUpdateHook { operation, _, _, _ in operations.append(operation) }
        try connection.setRollbackHook { rolledBack = true }
        struct Veto: Error {}
        try connection.setCommitHook { throw Veto() }
        let error = #expect(throws: SQLiteError.self) { try connection.run("DELETE FROM t WHERE v IS NOT NULL") }  // a bare DELETE truncates without row events
        #expect(error?.extendedCode == 531)
        #expect(rolledBack)
        #expect(operations == [.delete, .delete, .delete])
        try connection.setCommitHook(nil)
        try connection.run("UPDATE t SET v = v")
        #expect(operations.suffix(3) == [.update, .update, .update])
    }

    @Test("a column value fetched once reports its storage class and value")
    func columnValues() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        let statement = try connection.prepare("SELECT 7, 2.5, 'x', NULL")
        #expect(try statement.step())
        let integer = statement.columnValue(at: 0)
        #expect(statement.storageClass(of: integer) == .integer)
        #expect(statement.int64(of: integer) == 7)
        let real = statement.columnValue(at: 1)
        #expect(statement.storageClass(of: real) == .real)
        #expect(statement.double(of: real) == 2.5)
        #expect(statement.storageClass(of: statement.columnValue(at: 2)) == .text)
        #expect(statement.storageClass(of: statement.columnValue(at: 3)) == .null)
    }

    @Test("callbacks refuse the sqlcipher engine", .enabled(if: (try? SQLiteLibrary.sqlcipher()) != nil))
    func sqlcipherRefuses() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create, library: SQLiteLibrary.sqlcipher())
        let error = #expect(throws: SQLiteError.self) { try connection.createFunction("f") { _ in .null } }
        #expect(error?.code == ResultCode.misuse)
        #expect(throws: SQLiteError.self) { try connection.setCommitHook {} }
        // Column values work on both engines (they go through the library's own function table).
        let statement = try connection.prepare("SELECT 3")
        #expect(try statement.step())
        #expect(statement.int64(of: statement.columnValue(at: 0)) == 3)
    }
}

/// Counts states made and released.
final class Counter {
    var created = 0
    var released = 0
}

/// A state object that reports its release.
final class Tracked {
    let counter: Counter
    init(_ counter: Counter) {
        self.counter = counter
        counter.created += 1
    }
    deinit { counter.released += 1 }
}
