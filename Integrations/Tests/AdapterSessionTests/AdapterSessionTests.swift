import Foundation
import PersistenceSession
import Testing

/// The promises of the project's own session engines (Tests/SessionEngineTests), over the real libraries.
@Suite("The adapters keep the session promises over the real SQLite.swift and the real GRDB")
struct AdapterSessionTests {
    @Test("a write commits on return and is seen by the next read", arguments: RealDriver.allCases)
    func writeThenRead(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        try session.write { try $0.notes.add("first") }
        try session.write { try $0.notes.add("second") }
        #expect(try session.read { try $0.notes.all() } == ["first", "second"])
        #expect(session.driver == driver.expectedKind)
    }

    @Test("a write that throws rolls back everything it did", arguments: RealDriver.allCases)
    func throwRollsBack(driver: RealDriver) throws {
        struct Stop: Error {}
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        #expect(throws: Stop.self) {
            try session.write { context in
                try context.notes.add("kept?")
                throw Stop()
            }
        }
        #expect(try session.read { try $0.notes.all() } == [])
    }

    @Test("a constraint failure arrives as a PersistenceError naming the kind and the table", arguments: RealDriver.allCases)
    func constraintIsMapped(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        try session.write { try $0.notes.add("once") }
        let error = #expect(throws: PersistenceError.self) { try session.write { try $0.notes.add("once") } }
        guard case .constraintViolated(let violation)? = error else {
            Issue.record("expected a constraint violation, got \(String(describing: error))")
            return
        }
        #expect(violation.kind == .unique)
        #expect(violation.table == "note")
        #expect(try session.read { try $0.notes.all() } == ["once"])
    }

    @Test("an error that maps to no kind is kept whole: code, extended code and message", arguments: RealDriver.allCases)
    func unmappedErrorKeptWhole(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        let error = #expect(throws: PersistenceError.self) {
            try session.write { try $0.notes.execute("INSERT INTO nowhere VALUES (1)") }
        }
        guard case .database(let code, let extendedCode, let message)? = error else {
            Issue.record("expected .database, got \(String(describing: error))")
            return
        }
        #expect(code == 1)
        #expect(extendedCode == 1)
        #expect(message.contains("no such table: nowhere"))
    }

    @Test("a read unit is read-only: a write in it fails in SQLite and changes nothing", arguments: RealDriver.allCases)
    func readUnitIsReadOnly(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        let error = #expect(throws: PersistenceError.self) {
            try session.read { try $0.notes.add("sneaked in") }
        }
        guard case .readOnly? = error else {
            Issue.record("expected .readOnly, got \(String(describing: error))")
            return
        }
        #expect(try session.read { try $0.notes.all() } == [])
        try session.write { try $0.notes.add("after") }
        #expect(try session.read { try $0.notes.all() } == ["after"])
    }

    @Test("a unit nested in another of the same session is refused", arguments: RealDriver.allCases)
    func nestedUnitRefused(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        let error = #expect(throws: PersistenceError.self) {
            try session.write { _ in try session.write { try $0.notes.add("inner") } }
        }
        #expect(error == UnitOfWorkRules.nestedUnitOfWork)
        #expect(throws: UnitOfWorkRules.nestedUnitOfWork) {
            try session.read { _ in try session.read { try $0.notes.all() } }
        }
        #expect(throws: UnitOfWorkRules.nestedUnitOfWork) {
            try session.read { _ in try session.write { try $0.notes.add("inner") } }
        }
        #expect(try session.read { try $0.notes.all() } == [])
    }

    @Test("a read-only session refuses writes and leaves the file as it was", arguments: RealDriver.allCases)
    func readOnlyRefusesWrites(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let path = folder.path("notes.db")
        try driver.create(at: path).close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let session = try driver.open(at: path, access: .readOnly)
        #expect(throws: UnitOfWorkRules.readOnlySession(path: path)) { try session.write { try $0.notes.add("x") } }
        #expect(try session.read { try $0.notes.all() } == [])
        try session.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("every unit after close throws closed; close is idempotent", arguments: RealDriver.allCases)
    func closedRefusesUnits(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        try session.close()
        try session.close()
        #expect(session.isClosed)
        #expect(throws: PersistenceError.closed) { try session.read { try $0.notes.all() } }
        #expect(throws: PersistenceError.closed) { try session.write { try $0.notes.add("late") } }
    }

    @Test("a repository that escapes its unit refuses to run", arguments: RealDriver.allCases)
    func escapedRepositoryRefused(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        let escaped = try session.write { $0.notes }
        #expect(throws: UnitOfWorkRules.escapedRepository) { try escaped.add("outside") }
    }

    @Test("create never overwrites and open never creates", arguments: RealDriver.allCases)
    func createAndOpenGuards(driver: RealDriver) throws {
        let folder = try ScratchFolder()
        let path = folder.path("notes.db")
        try driver.create(at: path).close()
        #expect(throws: PersistenceError.alreadyExists(path: path)) { try driver.create(at: path) }
        let missing = folder.path("missing.db")
        #expect(throws: PersistenceError.notFound(path: missing)) { try driver.open(at: missing, access: .readWrite) }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("the async units run the same unit and return its result", arguments: RealDriver.allCases)
    func asyncUnits(driver: RealDriver) async throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        try await session.write { try $0.notes.add("async") }
        #expect(try await session.read { try $0.notes.all() } == ["async"])
    }

    @Test("an async unit whose task is already cancelled never runs", arguments: RealDriver.allCases)
    func cancelledAsyncUnitDoesNotRun(driver: RealDriver) async throws {
        let folder = try ScratchFolder()
        let session = try driver.create(at: folder.path("notes.db"))
        defer { try? session.close() }
        let gate = AsyncGate()
        let task = Task {
            await gate.wait()
            try await session.write { try $0.notes.add("never") }
        }
        task.cancel()
        await gate.open()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await session.read { try $0.notes.all() } == [])
    }
}

/// A one-shot gate for tasks: `wait` returns once `open` ran (no timing involved).
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
