import Differential
import Foundation
import SQLiteEngine
import Testing

@Suite("Consequences of a porting trap carry its name; parsing, indexes and the switch-over are named")
struct TrapConsequenceTests {
    private let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    @Test("a lookup by the legacy form that finds nothing after a UUID stored in another form is named uuid-form, after its root cause")
    func lookupFollowsUUIDForm() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(stored: .text(uuid)),
            candidate: TrapToy.Habits(stored: .text(uuid.lowercased())),
            operations: [TrapOperations.put, TrapOperations.count(.text(uuid))]
        )
        let lookup = try #require(report.mismatches.first { $0.kind == .result })
        #expect(lookup.trap == .uuidForm)
        #expect(lookup.followsFrom == "uuid-form at VALUE_T[rowid 1].V (scenario trap)")
        #expect(report.mismatches.first?.kind == .rows && report.mismatches.first?.followsFrom == nil, "root cause first")
        #expect(report.mismatches.allSatisfy { $0.trap == .uuidForm })
    }

    @Test("without a form difference in the scenario, an unexplained difference stays unnamed")
    func plainDifferenceStaysUnnamed() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(stored: .integer(1)), candidate: TrapToy.Habits(stored: .integer(2)),
            operations: [TrapOperations.put, TrapOperations.count(.integer(1))]
        )
        #expect(!report.mismatches.isEmpty)
        #expect(report.mismatches.allSatisfy { $0.trap == nil && $0.followsFrom == nil })
    }

    @Test("the same stored date text returned as different dates is date-parse, not date-format")
    func sameTextParsedDifferently() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456")),
            candidate: TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456"), parsesWithoutFraction: true),
            operations: [TrapOperations.put, TrapOperations.parsedDate]
        )
        let parsed = try #require(report.mismatches.first { $0.field == "createdAt" })
        #expect(parsed.trap == .dateParse)
        #expect(report.mismatches.allSatisfy { $0.kind != .rows }, "both stored the same text")
    }

    @Test("a returned date that differs because the stored forms differ stays date-format")
    func differentFormsStayDateFormat() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(stored: .text("2026-12-01T10:20:30.456")),
            candidate: TrapToy.Habits(stored: .text("2026-12-01T10:20:30"), parsesWithoutFraction: true),
            operations: [TrapOperations.put, TrapOperations.parsedDate]
        )
        #expect(report.mismatches.contains { $0.kind == .rows && $0.trap == .dateFormat })
        let parsed = try #require(report.mismatches.first { $0.field == "createdAt" })
        #expect(parsed.trap == .dateFormat)
    }

    @Test("an index only the candidate creates is schema-extra-index")
    func extraIndex() throws {
        let report = try runTrapToys(
            baseline: TrapToy.Habits(), candidate: TrapToy.Habits(indexesValues: true), operations: [TrapOperations.put]
        )
        let index = try #require(report.mismatches.first { $0.kind == .schema })
        #expect(index.field == "index value_v")
        #expect(index.trap == .schemaExtraIndex)
    }

    @Test("a candidate whose opening refuses the rows the legacy side left is candidate-refuses-legacy-file, only with the check on")
    func switchOverRefusal() throws {
        let habits = (legacy: TrapToy.Habits(), port: TrapToy.Habits(checksForeignKeysOnOpen: true))
        // Both sides add the orphan (foreign keys off on both), so the scenario itself agrees.
        let unchecked = try runTrapToys(baseline: habits.legacy, candidate: habits.port, operations: [TrapOperations.addOrphan])
        #expect(unchecked.mismatches.isEmpty)
        let checked = try runTrapToys(
            baseline: habits.legacy, candidate: habits.port, operations: [TrapOperations.addOrphan],
            configure: { $0.opensBaselineFileWithCandidate = true }
        )
        let refusal = try #require(checked.mismatches.first)
        #expect(checked.mismatches.count == 1)
        #expect(refusal.kind == .open && refusal.trap == .candidateRefusesLegacyFile)
        #expect(refusal.field == "(port opens the file legacy left)")
        #expect(refusal.candidate.contains("FOREIGN KEY constraint violation"))
        let clean = try runTrapToys(
            baseline: habits.legacy, candidate: habits.port, operations: [TrapOperations.put],
            configure: { $0.opensBaselineFileWithCandidate = true }
        )
        #expect(clean.mismatches.isEmpty, "a file without orphans opens")
    }
}

@Suite("Consequences across a slice")
struct SliceConsequenceTests {
    @Test("a lookup in one scenario takes the UUID trap another scenario of the slice shows; a date-named one the date trap")
    func acrossScenarios() {
        let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let lookup = ScenarioReport(name: "look up", seed: nil, operations: 2, mismatches: [
            Mismatch(kind: .result, scenario: "look up", operationIndex: 0, operation: "bookmark(seeded)", field: "(result)",
                     baseline: "{uuid: \"\(uuid)\"}", candidate: "null"),
            Mismatch(kind: .result, scenario: "look up", operationIndex: 1, operation: "createdBefore(day)", field: "[0]",
                     baseline: "\"x\"", candidate: "(absent)"),
        ], shortestFailingSequence: nil)
        let write = ScenarioReport(name: "write", seed: nil, operations: 1, mismatches: [
            Mismatch(kind: .rows, scenario: "write", field: "B[rowid 2].UUID", baseline: "'\(uuid)' (text)",
                     candidate: "x'e621e1f8c36c495a93fc0c247a3e6e5f' (blob)", trap: .uuidForm),
            Mismatch(kind: .rows, scenario: "write", field: "B[rowid 2].CREATED", baseline: "'2026-12-01T10:20:30.456' (text)",
                     candidate: "'2026-12-01 10:20:30.456' (text)", trap: .dateFormat),
        ], shortestFailingSequence: nil)
        let reports = TrapConsequences.attributeAcrossSlice([lookup, write], comparesRows: true)
        let first = reports[0].mismatches
        #expect(first.first { $0.operation == "bookmark(seeded)" }?.trap == .uuidForm)
        #expect(first.first { $0.operation == "createdBefore(day)" }?.trap == .dateFormat)
        #expect(first.allSatisfy { $0.followsFrom?.contains("(scenario write)") == true })
        #expect(reports[1].mismatches == write.mismatches, "the roots stay as they are")
    }
}
