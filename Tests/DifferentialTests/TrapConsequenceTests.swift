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

    @Test("across scenarios only on evidence: a mismatch with no evidence and no root in its scenario stays unnamed")
    func noDefaultAcrossScenarios() {
        let other = ScenarioReport(name: "other", seed: nil, operations: 1, mismatches: [
            Mismatch(kind: .result, scenario: "other", operationIndex: 0, operation: "setReimbursable(2)", field: "(result)",
                     baseline: "true", candidate: "false"),
        ], shortestFailingSequence: nil)
        let write = ScenarioReport(name: "write", seed: nil, operations: 1, mismatches: [
            Mismatch(kind: .rows, scenario: "write", field: "B[rowid 2].CREATED", baseline: "'2026-12-01T10:20:30.456' (text)",
                     candidate: "'2026-12-01 10:20:30.456' (text)", trap: .dateFormat),
        ], shortestFailingSequence: nil)
        let reports = TrapConsequences.attributeAcrossSlice([other, write], comparesRows: true)
        #expect(reports[0].mismatches[0].trap == nil, "unexplained, not another scenario's date trap")
        #expect(reports[0].mismatches[0].followsFrom == nil)
    }

    @Test("a root's column in a mismatch ties it across scenarios; a row gone on one side follows a foreign-key root, and the rest of its scenario follows it")
    func columnAndCascadeEvidence() {
        let lookup = ScenarioReport(name: "look up", seed: nil, operations: 1, mismatches: [
            Mismatch(kind: .result, scenario: "look up", operationIndex: 0, operation: "account(amex)", field: "(outcome)",
                     baseline: "returned {kind: \"card\"}", candidate: "threw DecodingError: Path: kind. invalid value"),
        ], shortestFailingSequence: nil)
        let close = ScenarioReport(name: "close", seed: nil, operations: 2, mismatches: [
            Mismatch(kind: .rows, scenario: "close", field: "expenses[rowid 3]", baseline: "id=3, accountID='checking'",
                     candidate: "(absent)"),
            Mismatch(kind: .result, scenario: "close", operationIndex: 1, operation: "categoryTotals", field: "[0].totalCents",
                     baseline: "5630", candidate: "4250"),
        ], shortestFailingSequence: nil)
        let roots = ScenarioReport(name: "roots", seed: nil, operations: 2, mismatches: [
            Mismatch(kind: .rows, scenario: "roots", field: "accounts[rowid 3].kind", baseline: "'\"cash\"' (text)",
                     candidate: "'cash' (text)", trap: .codableJSONText),
            Mismatch(kind: .result, scenario: "roots", operationIndex: 0, operation: "addTag(to: 42)", field: "(outcome)",
                     baseline: "returned true", candidate: "threw SQLite error 19 [foreignKey]", trap: .foreignKeyOneSide),
        ], shortestFailingSequence: nil)
        let reports = TrapConsequences.attributeAcrossSlice([lookup, close, roots], comparesRows: true)
        #expect(reports[0].mismatches[0].trap == .codableJSONText)
        #expect(reports[1].mismatches.allSatisfy { $0.trap == .foreignKeyOneSide }, "\(reports[1].mismatches)")
    }
}

@Suite("Traps of Codable rows")
struct CodableRowTrapTests {
    @Test("JSON text against the plain value is codable-json-text; NULL against a value in a stored column is null-on-one-side")
    func classifies() {
        func stored(_ field: String, _ baseline: String, _ candidate: String) -> PortingTrap? {
            PortingTrap.classify(Mismatch(kind: .rows, scenario: "s", field: field, baseline: baseline, candidate: candidate))
        }
        #expect(stored("accounts[rowid 1].kind", "'\"card\"' (text)", "'card' (text)") == .codableJSONText)
        #expect(stored("accounts[rowid 1].site", "'\"https:\\/\\/x.org\\/\"' (text)", "'https://x.org/' (text)") == .codableJSONText)
        #expect(stored("accounts[rowid 1].kind", "'\"card\"' (text)", "'cash' (text)") == nil, "another value is no form")
        #expect(stored("accounts[rowid 1].site", "'https://x.org/' (text)", "NULL (null)") == .nullOnOneSide)
        #expect(stored("accounts[rowid 1].site", "NULL (null)", "NULL (null)") == nil)
        #expect(stored("accounts[rowid 1]", "id=1", "(absent)") == nil, "a whole row is not a column")
    }
}
