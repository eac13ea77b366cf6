import Foundation
import LegacyDriver
import Testing

/// Where SQLite.swift traps (`try!` in `row[expression]`, in its row iterator), the driver reports and continues.
@Suite("Non-throwing row[expression]: reports where SQLite.swift traps")
struct SubscriptFallbackTests {
    typealias S = Schema

    /// Runs `body` with an observer collecting the failures reported on this task.
    func collectingFailures(_ body: () throws -> Void) rethrows -> [String] {
        let collected = Failures()
        try RowReadFailure.$taskObserver.withValue({ _, message in collected.add(message) }) { try body() }
        return collected.messages
    }

    @Test("NULL read as a non-optional type: reported, and the fallback is the zero of its stored type")
    func nullAsNonOptional() throws {
        let db = try S.populated()
        let age = SQLExpression<Int>("age")
        var read: Int?
        let messages = try collectingFailures {
            read = try db.pluck(S.users.filter(S.id == 2))?[age]
        }
        #expect(read == 0)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("SQLite.swift traps here") == true)
        #expect(messages.first?.contains("\"age\"") == true)
        let thrown = #expect(throws: LegacyError.self) { try db.pluck(S.users.filter(S.id == 2))?.get(age) }
        #expect(thrown == .unexpectedNull(column: "\"age\""))
    }

    @Test("a missing column and a wrong storage class are reported; optionals fall back to nil")
    func missingAndMismatched() throws {
        let db = try S.populated()
        let nowhere = SQLExpression<String?>("nowhere")
        let nameAsNumber = SQLExpression<Int64>("name")
        var missing: String? = "unset"
        var number: Int64?
        let messages = try collectingFailures {
            let row = try db.pluck(S.users.filter(S.id == 1))
            missing = row?[nowhere]
            number = row?[nameAsNumber]
        }
        #expect(missing == nil)
        #expect(number == 0)
        #expect(messages.count == 2)
    }

    @Test("a custom value with no fallback is the one read that still stops, as on SQLite.swift; get throws it")
    func customValueWithoutFallbackThrowsThroughGet() throws {
        let db = try S.populated()
        let level = SQLExpression<Level>("name")
        let error = #expect(throws: LegacyError.self) { try db.pluck(S.users.filter(S.id == 1))?.get(level) }
        #expect(error?.description.contains("Level") == true)
    }

    @Test("a failed step in a for loop is reported and ends the loop (SQLite.swift traps)")
    func failedStepEndsLoop() throws {
        let db = try S.populated()
        try db.createFunction("fails", argumentCount: 1) { values in
            if values[0] == .integer(3) { throw CancellationError() }
            return values[0]
        }
        let failing = SQLExpression<Int64>("fails(\"id\")", [])
        var seen: [Int64] = []
        let messages = try collectingFailures {
            for row in try db.prepare(S.users.select(failing).order(S.id)) { seen.append(row[failing]) }
        }
        #expect(seen == [1, 2])
        #expect(messages.count == 1)
        #expect(messages.first?.contains("ends the loop") == true)
    }
}

