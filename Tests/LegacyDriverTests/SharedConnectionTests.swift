import Dispatch
import Foundation
import LegacyDriver
import Testing

/// One connection used by many threads at once, as mmex-ios's view models use theirs: every call is serialized on
/// the connection, a transaction keeps it for its whole block, and calls from inside the block are reentrant.
/// Run under ThreadSanitizer: `swift test --sanitize=thread --filter SharedConnectionTests`.
@Suite("Connection shared by several threads")
struct SharedConnectionTests {
    typealias S = Schema

    @Test("many threads selecting, inserting and running transactions on one connection lose nothing and never crash")
    func manyThreadsOneConnection() throws {
        let db = try S.populated()
        let threads = 8
        let rounds = 40
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                for round in 0..<rounds {
                    // Builder queries, read row by row while other threads step their own statements.
                    var names: [String] = []
                    for row in try db.prepare(S.users.filter(S.id <= 4).order(S.id)) {
                        names.append(row[S.name])
                        _ = row[S.email]
                    }
                    if Array(names.prefix(4)) != ["Alice", "bob", "Ćelik", "dave"] {
                        failures.add("thread \(thread) round \(round) read \(names)")
                    }
                    _ = try db.scalar(S.users.count)
                    _ = try db.scalar("SELECT count(*) FROM posts")
                    // A transaction holds the connection; calls inside it on this thread are reentrant.
                    try db.transaction {
                        let before = try db.scalar(S.posts.filter(S.userId == Int64(100 + thread)).count)
                        try db.run(S.posts.insert(S.userId <- Int64(100 + thread), S.title <- "t\(thread)-\(round)"))
                        let after = try db.scalar(S.posts.filter(S.userId == Int64(100 + thread)).count)
                        if after != before + 1 { failures.add("thread \(thread) round \(round): \(before) -> \(after)") }
                    }
                    if let first = try db.pluck(S.users.order(S.id)), first[S.id] != 1 {
                        failures.add("pluck read \(first[S.id])")
                    }
                }
            } catch {
                failures.add("thread \(thread): \(error)")
            }
        }
        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(5))")
        #expect(try db.scalar(S.posts.filter(S.userId >= 100).count) == threads * rounds)
    }

    @Test("a cursor left open on one thread and stepped on another reads its rows in order")
    func cursorHandedOver() throws {
        let db = try S.populated()
        nonisolated(unsafe) let cursor = try db.prepare(S.users.order(S.id))  // handed to one thread, then joined
        let first = try cursor.next()
        #expect(first?[S.name] == "Alice")
        let rest = Failures()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                var ids: [Int64] = []
                while let row = try cursor.next() { ids.append(row[S.id]) }
                if ids != [2, 3, 4] { rest.add("read \(ids)") }
            } catch {
                rest.add("\(error)")
            }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(rest.messages.isEmpty, "\(rest.messages)")
    }
}

/// Failure messages collected from several threads (guarded by `lock`).
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ message: String) { lock.withLock { list.append(message) } }
    var messages: [String] { lock.withLock { list } }
}
