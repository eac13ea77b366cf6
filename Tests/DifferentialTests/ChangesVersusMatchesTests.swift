@testable import Differential
import SQLiteEngine
import Testing

@Suite("Trap changes-vs-matches: a write's answer differs, what it left does not")
struct ChangesVersusMatchesTests {
    /// A row holding 1 on both sides, then `operations`.
    private func run(
        candidate: TrapToy.Habits, _ operations: [DifferentialOperation<TrapToy>], baseline: TrapToy.Habits = .init()
    ) throws -> [Mismatch] {
        try runTrapToys(baseline: baseline, candidate: candidate, operations: [TrapOperations.put] + operations).mismatches
    }

    @Test("rows matched against a value changed, on a row already holding the value, is changes-vs-matches")
    func namesTheAnswer() throws {
        var candidate = TrapToy.Habits()
        candidate.answersValueChanged = true
        let mismatches = try run(candidate: candidate, [TrapOperations.setValue(1, to: 1)])
        #expect(mismatches.count == 1, "\(mismatches)")
        let answer = try #require(mismatches.first)
        #expect(answer.operation == "setValue(1, to: 1)" && answer.baseline == "true" && answer.candidate == "false")
        #expect(answer.trap == .changesVersusMatches)
        #expect(answer.followsFrom == nil, "its own cause, not a consequence")
    }

    @Test("the same habits agree where the value changes: both answer true")
    func agreesOnAChange() throws {
        var candidate = TrapToy.Habits()
        candidate.answersValueChanged = true
        #expect(try run(candidate: candidate, [TrapOperations.setValue(1, to: 2)]).isEmpty)
    }

    @Test("a write that answers false because it missed its row leaves other rows: not changes-vs-matches")
    func aMissedWriteIsNotNamed() throws {
        var candidate = TrapToy.Habits()
        candidate.updatesWrongRow = true
        let mismatches = try run(candidate: candidate, [TrapOperations.setValue(1, to: 2)])
        let answer = try #require(mismatches.first { $0.operation == "setValue(1, to: 2)" })
        #expect(answer.baseline == "true" && answer.candidate == "false")
        #expect(mismatches.contains { $0.kind == .rows }, "the value differs on disk: \(mismatches)")
        #expect(mismatches.allSatisfy { $0.trap != .changesVersusMatches }, "\(mismatches)")
    }

    @Test("a read's differing count, the rows equal but for form, is not a write's answer: it follows its root")
    func aReadIsNotNamed() throws {
        var candidate = TrapToy.Habits()
        candidate.stored = .text("1")
        let mismatches = try run(candidate: candidate, [TrapOperations.count(.integer(1))])
        let count = try #require(mismatches.first { $0.operation == "count(1)" })
        #expect(count.baseline == "1" && count.candidate == "0")
        #expect(count.trap == .numberAsText, "\(mismatches)")
        #expect(count.followsFrom != nil)
    }

    @Test("the whole outcome as two Bools or two counts, differing, is a write's answer; anything else is not")
    func answersDiffer() {
        func differs(_ field: String, _ baseline: String, _ candidate: String) -> Bool {
            TrapRules.answersDiffer(Mismatch(
                kind: .result, scenario: "s", operationIndex: 0, operation: "set", field: field, baseline: baseline,
                candidate: candidate
            ))
        }
        #expect(differs("(result)", "true", "false"))
        #expect(differs("(result)", "2", "0"))
        #expect(!differs("(result)", "true", "true"))
        #expect(!differs("(result)", "-1", "1"), "not a count")
        #expect(!differs("(result)", "true", "1"), "a Bool against a number is a form")
        #expect(!differs("changed", "true", "false"), "a field of a larger value")
        #expect(!differs("(outcome)", "returned true", "threw SQLite error 19"))
    }

    @Test("a named answer keeps its name only where the stored rows were compared and agree but for form")
    func storedRowsConfirm() {
        let answer = Mismatch(
            kind: .result, scenario: "s", operationIndex: 1, operation: "set(2)", field: "(result)", baseline: "true",
            candidate: "false", trap: .changesVersusMatches
        )
        let dated = Mismatch(
            kind: .rows, scenario: "s", field: "T[rowid 1].AT", baseline: "'2026-01-02T10:00:00.000' (text)",
            candidate: "'2026-01-02 10:00:00.000' (text)", trap: .dateFormat
        )
        let other = Mismatch(kind: .rows, scenario: "s", field: "T[rowid 2].V", baseline: "1 (integer)", candidate: "0 (integer)")
        let gone = Mismatch(kind: .rows, scenario: "s", field: "T[rowid 3]", baseline: "V=1", candidate: "(absent)")
        func trap(_ mismatches: [Mismatch], comparesRows: Bool = true) -> PortingTrap? {
            TrapConsequences.attribute(mismatches, comparesRows: comparesRows).first { $0.field == "(result)" }?.trap
        }
        #expect(trap([answer]) == .changesVersusMatches)
        #expect(trap([answer, dated]) == .changesVersusMatches, "a date's form is the same data")
        #expect(trap([answer], comparesRows: false) == nil, "rows not compared: no evidence")
        #expect(trap([answer, other]) == nil, "another value on disk")
        #expect(trap([answer, dated, gone]) == .dateFormat, "a row on one side: the answer follows the scenario's root")
    }
}
