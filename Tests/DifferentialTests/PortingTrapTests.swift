import Differential
import Foundation
import SQLiteEngine
import Testing

@Suite("A planted porting trap is named in the report")
struct PortingTrapTests {
    /// The traps the report names for a `put` whose two sides store `baseline` and `candidate`.
    private func trapsOfStoring(_ baseline: SQLiteValue, _ candidate: SQLiteValue) throws -> [PortingTrap?] {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(stored: baseline), candidate: TrapToy.Habits(stored: candidate),
            operations: [TrapOperations.put]
        )
        let rows = report.mismatches.filter { $0.kind == .rows }
        #expect(!rows.isEmpty, "storing \(baseline) vs \(candidate) differs on disk")
        return rows.map(\.trap)
    }

    @Test("a date with T on one side and a space on the other is named date format, in text and JSON")
    func dateSeparator() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456")),
            candidate: TrapToy.Habits(stored: .text("2026-12-01 10:20:30.456")),
            operations: [TrapOperations.put]
        )
        let mismatch = try #require(report.mismatches.first { $0.field == "VALUE_T[rowid 1].V" })
        #expect(mismatch.trap == .dateFormat)
        let text = DifferentialReport(
            file: "toy.db", slices: [SliceReport(name: "toy", baseline: "legacy", candidate: "port", scenarios: [report])]
        ).text
        #expect(text.contains("porting trap date-format (date format): write dates in exactly the form"))
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains("\"id\":\"date-format\""))
    }

    @Test("dates that differ in precision or are a day against a date-time are named date format")
    func datePrecisionAndDayOnly() throws {
        #expect(try trapsOfStoring(.text("2026-12-01T10:20:30.456"), .text("2026-12-01T10:20:30")) == [.dateFormat])
        #expect(try trapsOfStoring(.text("2026-12-01"), .text("2026-12-01T00:00:00.000")) == [.dateFormat])
        #expect(try trapsOfStoring(.text("2026-12-01"), .real(1_796_083_200)) == [.dateFormat])
    }

    @Test("dates of the same form on different days are a plain difference, not a trap")
    func sameFormDifferentDay() throws {
        #expect(try trapsOfStoring(.text("2026-12-01T10:20:30.456"), .text("2026-12-02T10:20:30.456")) == [nil])
    }

    @Test("a UUID as upper-case text against a 16-byte blob, or in another case, is named UUID form")
    func uuidForm() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        #expect(try trapsOfStoring(.text(uuid.uuidString), .blob(bytes)) == [.uuidForm])
        #expect(try trapsOfStoring(.text(uuid.uuidString), .text(uuid.uuidString.lowercased())) == [.uuidForm])
    }

    @Test("an integer on one side and a real on the other is named integer vs real; text digits, number as text")
    func numbers() throws {
        #expect(try trapsOfStoring(.integer(5), .real(5)) == [.integerVersusReal])
        #expect(try trapsOfStoring(.integer(5), .text("5")) == [.numberAsText])
    }

    @Test("a boolean as integer 1 against text 'true' is named boolean form")
    func booleanForm() throws {
        #expect(try trapsOfStoring(.integer(1), .text("true")) == [.booleanForm])
        #expect(try trapsOfStoring(.integer(0), .text("f")) == [.booleanForm])
    }

    @Test("a foreign-key failure on one side only is named, on the operation that failed")
    func foreignKeyOneSide() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(), candidate: TrapToy.Habits(foreignKeys: true),
            operations: [TrapOperations.addOrphan]
        )
        let outcome = try #require(report.mismatches.first { $0.kind == .result })
        #expect(outcome.field == "(outcome)" && outcome.candidate == "threw SQLite error 19 [foreignKey]", "\(outcome.candidate)")
        #expect(outcome.trap == .foreignKeyOneSide)
        #expect(report.mismatches.contains { $0.kind == .rows && $0.field.hasPrefix("CHILD") })
    }

    @Test("WAL left behind by one side is named journal mode and sidecars, for the mode and the files")
    func walSidecars() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(), candidate: TrapToy.Habits(leavesWAL: true), operations: [TrapOperations.put]
        )
        let sidecars = try #require(report.mismatches.first { $0.kind == .sidecars })
        #expect(sidecars.candidate.contains("-wal"))
        #expect(sidecars.trap == .journalModeAndSidecars)
        let mode = try #require(report.mismatches.first { $0.kind == .journalMode })
        #expect(mode.trap == .journalModeAndSidecars)
    }

    @Test("a migrator's ledger table only the port creates is named, rows and schema; ignoring it ignores it whole")
    func ledgerTable() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(), candidate: TrapToy.Habits(createsLedger: true), operations: [TrapOperations.put]
        )
        let ledger = report.mismatches.filter { $0.field.contains("grdb_migrations") }
        #expect(ledger.contains { $0.kind == .rows && $0.baseline == "(absent)" })
        #expect(ledger.contains { $0.kind == .schema && $0.field == "table grdb_migrations" })
        #expect(ledger.allSatisfy { $0.trap == .migrationLedger }, "\(ledger)")
        #expect(report.mismatches.count == ledger.count)

        let ignored = try runTrapToys(
            baseline: TrapToy.Habits(), candidate: TrapToy.Habits(createsLedger: true), operations: [TrapOperations.put]
        ) { harness in harness.comparison.ignoredTables = ["grdb_migrations"] }
        #expect(ignored.mismatches.isEmpty, "the table, its rows and its autoindex are all left out: \(ignored.mismatches)")
    }

    @Test("a known difference moves its mismatches apart, marked with its id, and the scenario agrees")
    func knownDifference() throws {
        let walStays = KnownDifference(id: "port-keeps-wal", summary: "the port leaves files in WAL") { mismatch, _ in
            mismatch.kind == .journalMode || mismatch.kind == .sidecars
        }
        let report = try runTrapToys(
            baseline: TrapToy.Habits(), candidate: TrapToy.Habits(leavesWAL: true), operations: [TrapOperations.put]
        ) { harness in harness.knownDifferences = [walStays] }
        #expect(report.agrees, "\(report.mismatches)")
        #expect(report.known.count == 2)
        #expect(report.known.allSatisfy { $0.knownDifference == "port-keeps-wal" && $0.trap == .journalModeAndSidecars })
        let slice = SliceReport(name: "toy", baseline: "legacy", candidate: "port", scenarios: [report])
        #expect(slice.known.count == 2 && slice.mismatches == 0)
    }

    @Test("every trap has a distinct id, a name and advice")
    func catalogue() {
        #expect(Set(PortingTrap.all.map(\.id)).count == PortingTrap.all.count)
        #expect(PortingTrap.all.allSatisfy { !$0.name.isEmpty && $0.advice.count > 40 })
        #expect(PortingTrap.notReadableByLegacy.name == "not readable by the legacy driver")
    }
}
