import Foundation
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import TestSupport
import Testing

/// Units of work behave the same on every session: one transaction each, no nesting, no escaping, closed is closed.
@Suite("Units of work")
struct UnitOfWorkTests {
    @Test("a write commits on return and rolls back on the app's own error, which passes through unchanged", arguments: Driver.allCases)
    func commitAndRollback(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        _ = try session.write { try $0.infoTable.setValue("kept", for: "DP_COMMIT") }
        #expect(throws: AppError()) {
            try session.write { context in
                try context.infoTable.setValue("lost", for: "DP_ROLLBACK")
                try context.infoTable.setValue("lost", for: "DP_COMMIT")
                throw AppError()
            }
        }
        #expect(try session.read { try $0.infoTable.value(for: "DP_COMMIT") } == "kept")
        #expect(try session.read { try $0.infoTable.entry(for: "DP_ROLLBACK") } == nil)
    }

    @Test("a write inside a write, or inside a read, is invalidUse; the outer unit rolls back", arguments: Driver.allCases)
    func nestedUnitsOfWork(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        let nested = #expect(throws: PersistenceError.self) {
            try session.write { context in
                try context.infoTable.setValue("outer", for: "DP_OUTER")
                _ = try session.write { try $0.infoTable.setValue("inner", for: "DP_INNER") }
            }
        }
        #expect(nested == UnitOfWorkRules.nestedUnitOfWork)
        let inRead = #expect(throws: PersistenceError.self) {
            try session.read { _ in _ = try session.write { try $0.infoTable.setValue("inner", for: "DP_INNER") } }
        }
        #expect(inRead == UnitOfWorkRules.nestedUnitOfWork)
        #expect(try session.read { try $0.infoTable.entry(for: "DP_OUTER") } == nil, "the outer write rolled back")
        #expect(try session.read { try $0.infoTable.entry(for: "DP_INNER") } == nil)
    }

    @Test("a repository used after its unit of work ended throws instead of running", arguments: Driver.allCases)
    func escapedRepository(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let reader = try session.read { $0.infoTable }
        #expect(throws: UnitOfWorkRules.escapedRepository) { try reader.entries() }
        let writer = try session.write { $0.settings }
        #expect(throws: UnitOfWorkRules.escapedRepository) { try writer.setValue("x", named: "DP_ESCAPED") }
        #expect(try session.read { try $0.settings.setting(named: "DP_ESCAPED") } == nil)
    }

    @Test("after close every unit of work is closed; closing twice is fine", arguments: Driver.allCases)
    func closed(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        #expect(!session.isClosed)
        try session.close()
        try session.close()
        #expect(session.isClosed)
        #expect(throws: PersistenceError.closed) { try session.read { try $0.infoTable.entries() } }
        #expect(throws: PersistenceError.closed) { _ = try session.write { try $0.infoTable.setValue("x", for: "X") } }
    }

    @Test("units of work from several threads run one after another and all commit", arguments: Driver.allCases)
    func concurrentUnits(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                for round in 0..<5 {
                    _ = try session.write { try $0.infoTable.setValue("\(round)", for: InfoKey("DP_THREAD_\(index)")) }
                    _ = try session.read { try $0.infoTable.entries() }
                }
            } catch {
                _ = failures.increment()
            }
        }
        #expect(failures.increment() == 0, "no unit of work failed")
        let values = try session.read { context in
            try (0..<8).map { try context.infoTable.value(for: InfoKey("DP_THREAD_\($0)")) }
        }
        #expect(values == Array(repeating: "4", count: 8))
    }
}
