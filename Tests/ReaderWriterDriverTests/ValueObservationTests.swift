import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import TestSupport
import Testing

@Suite("ValueObservation: a fetched value delivered again after each write of the same queue or pool")
struct ValueObservationTests {
    @Test("values(in:) gives the first value, then one after each write that changed rows, in order", arguments: WriterKind.allCases)
    func valuesAfterWrites(kind: WriterKind) async throws {
        let scratch = Scratch()
        let writer = try kind.open(scratch.path)
        try await writer.write { try $0.execute(sql: "CREATE TABLE item (name TEXT)") }
        let observation = ValueObservation.tracking { db in
            try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY rowid")
        }
        var iterator = observation.values(in: writer).makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await writer.write { try $0.execute(sql: "INSERT INTO item VALUES ('a')") }
        #expect(try await iterator.next() == ["a"])
        try await writer.write { try $0.execute(sql: "INSERT INTO item VALUES ('b')") }
        #expect(try await iterator.next() == ["a", "b"])
    }

    @Test("start(in:) stops delivering once cancelled")
    func cancel() throws {
        let queue = try DatabaseQueue()
        try queue.write { try $0.execute(sql: "CREATE TABLE item (name TEXT)") }
        let values = Locked<[Int]>([])
        let first = Gate()
        let second = Gate()
        let cancellable = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? -1 }
            .start(in: queue, onError: { _ in }, onChange: { count in
                values.withLock { $0.append(count) }
                if count == 0 { first.open() } else { second.open() }
            })
        #expect(first.wait())
        try queue.write { try $0.execute(sql: "INSERT INTO item VALUES ('a')") }
        #expect(second.wait())
        cancellable.cancel()
        try queue.write { try $0.execute(sql: "INSERT INTO item VALUES ('b')") }
        // A fetch already asked for before the cancel could still land; none is asked for after it.
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item") } == 2)
        #expect(values.withLock { $0 }.prefix(2) == [0, 1])
        #expect(!values.withLock { $0 }.contains(2))
    }
}
