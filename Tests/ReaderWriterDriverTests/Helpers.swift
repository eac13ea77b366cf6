import Dispatch
import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import TestSupport
import Testing

/// Which kind of database a test runs on, so one test body checks both.
enum WriterKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case queue
    case pool

    var testDescription: String { rawValue }

    func open(_ path: String, _ configuration: Configuration = Configuration()) throws -> any DatabaseWriter {
        switch self {
        case .queue: try DatabaseQueue(path: path, configuration: configuration)
        case .pool: try DatabasePool(path: path, configuration: configuration)
        }
    }
}

/// A temporary folder with a database path in it.
struct Scratch {
    let folder = TemporaryDirectory("rwdriver")
    var path: String { folder.path("test.sqlite") }
    func path(_ name: String) -> String { folder.path(name) }

    /// The files beside the database (main file and sidecars).
    func files() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
    }
}

/// Blocks a thread until another signals, failing the test (not hanging it) if the signal never comes.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func open() { semaphore.signal() }

    /// Waits for `open()`; returns false after a generous hang guard (this is not a timing assertion).
    @discardableResult
    func wait(seconds: Double = 60) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }
}

/// A thread-safe list of events, to check the order things happened in.
final class EventLog: Sendable {
    private let events = Locked<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// Runs `body` on a new thread (not the cooperative pool), so a test can block it on a gate.
func onThread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread { body() }
    thread.start()
}

/// Polls `condition` from async code until it holds or the hang guard (`seconds` on the clock, however long each
/// poll's sleep takes on a busy machine) runs out. Used to wait for a state, never to assert a duration. It
/// suspends between polls so the cooperative thread stays free for the task being waited on (on 2 cores the pool
/// has 2 threads; blocking one with `usleep` can starve the other task).
func waitUntilAsync(seconds: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}

/// Polls `condition` until it holds (hang guard: 60,000 polls a millisecond apart, longer on a busy machine). Used
/// to wait for a state, never to assert a duration.
func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<60_000 {
        if condition() { return true }
        usleep(1000)
    }
    return false
}

/// A table `t(id INTEGER PRIMARY KEY, v)` with `count` rows.
func makeTable(_ db: Database, rows count: Int) throws {
    try db.execute(sql: "CREATE TABLE t(id INTEGER PRIMARY KEY, v)")
    let insert = try db.cachedStatement(sql: "INSERT INTO t(v) VALUES (?)")
    for index in 0..<count { try insert.execute(values: Int64(index)) }
}

extension DatabaseError {
    /// Whether `error` is a DatabaseError of this kind.
    static func isKind(_ kind: Kind, _ error: any Error) -> Bool {
        (error as? DatabaseError)?.kind == kind
    }
}
